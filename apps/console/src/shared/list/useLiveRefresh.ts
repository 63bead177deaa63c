import { useEffect, useRef } from 'react';
import type { RoutedEventType } from '@stock-admin/contracts/live-events';
import { socketBus } from '../../lib/socketBus';

/** Events of a burst (a batch review settles many records at once) refresh a list once, this long after the last. */
export const LIVE_REFRESH_DELAY_MS = 300;

/**
 * Calls `refresh` when one of `events` arrives on the console's socket — anyone's action (another operator's
 * approval, a user's new request, the force-close job) — once per burst. The list keeps its page and filters:
 * `refresh` is the table's `reload`, not a reset.
 */
export function useLiveRefresh(events: readonly RoutedEventType[] | undefined, refresh: () => void) {
  const latest = useRef(refresh);
  latest.current = refresh;
  const key = events?.join(',') ?? '';
  useEffect(() => {
    if (!key) return;
    const wanted = new Set(key.split(','));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = socketBus.onEvent((msg) => {
      const type = msg.type ?? msg.msgType;
      if (!type || !wanted.has(type)) return;
      clearTimeout(timer);
      timer = setTimeout(() => latest.current(), LIVE_REFRESH_DELAY_MS);
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, [key]);
}
