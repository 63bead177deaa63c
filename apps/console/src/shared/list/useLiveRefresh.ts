import { useEffect, useRef } from 'react';
import type { RoutedEventType } from '@stock-admin/contracts/live-events';
import { browserPage, liveThrottle, type PageVisibility } from '../../lib/liveThrottle';
import { socketBus } from '../../lib/socketBus';

/**
 * Calls `refresh` when one of `events` arrives on the console's socket — anyone's action (another operator's
 * approval, a user's new request, the force-close job) — through `liveThrottle`, and after the socket reconnects. The
 * list keeps its page and filters: `refresh` is the table's `reload`, not a reset.
 */
export function useLiveRefresh(
  events: readonly RoutedEventType[] | undefined,
  refresh: () => void,
  page: PageVisibility | undefined = browserPage,
) {
  const latest = useRef(refresh);
  latest.current = refresh;
  const key = events?.join(',') ?? '';
  useEffect(() => {
    if (!key) return;
    const wanted = new Set(key.split(','));
    const throttle = liveThrottle(() => latest.current(), { page });
    const offEvent = socketBus.onEvent((msg) => {
      const type = msg.type ?? msg.msgType;
      if (type && wanted.has(type)) throttle.poke();
    });
    // events sent while the link was down are not replayed: a reconnect refreshes the list once
    let dropped = false;
    const offClose = socketBus.onClose(() => (dropped = true));
    const offOpen = socketBus.onOpen(() => {
      if (!dropped) return;
      dropped = false;
      throttle.poke();
    });
    return () => {
      offEvent();
      offClose();
      offOpen();
      throttle.dispose();
    };
  }, [key, page]);
}
