import { useEffect, useRef } from 'react';
import type { RoutedEventType } from '@stock-admin/contracts/live-events';
import { socketBus } from '../../lib/socketBus';

/** Events of a burst (a batch review settles many records at once) refresh a list once, this long after the last. */
export const LIVE_REFRESH_DELAY_MS = 300;

/**
 * Calls `refresh` when one of `events` arrives on the console's socket — anyone's action (another operator's
 * approval, a user's new request, the force-close job) — once per burst, and after the socket reconnects. The list keeps its page and filters:
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
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(() => latest.current(), LIVE_REFRESH_DELAY_MS);
    };
    const offEvent = socketBus.onEvent((msg) => {
      const type = msg.type ?? msg.msgType;
      if (type && wanted.has(type)) schedule();
    });
    // events sent while the link was down are not replayed: a reconnect refreshes the list once
    let dropped = false;
    const offClose = socketBus.onClose(() => (dropped = true));
    const offOpen = socketBus.onOpen(() => {
      if (!dropped) return;
      dropped = false;
      schedule();
    });
    return () => {
      offEvent();
      offClose();
      offOpen();
      clearTimeout(timer);
    };
  }, [key]);
}
