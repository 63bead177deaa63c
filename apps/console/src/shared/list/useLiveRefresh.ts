import { useEffect, useRef } from 'react';
import type { RoutedEventType } from '@stock-admin/contracts/live-events';
import type { SocketMessage } from '@stock-admin/contracts';
import { browserPage, liveThrottle, type PageVisibility } from '../../lib/liveThrottle';
import { socketBus } from '../../lib/socketBus';

/**
 * An open list reloads whole at most this often while events keep coming (issue 64; 2 s before, issue 51): a console
 * left open on a busy platform spent its time reloading the page it shows. The first event after a quiet spell still
 * reloads within liveThrottle's 300 ms, and a list that can patch the row an event names does so at once (./useLivePatch).
 */
export const LIST_RELOAD_MS = 5000;

/**
 * Calls `refresh` when one of `events` arrives on the console's socket — anyone's action (another operator's
 * approval, a user's new request, the force-close job) — through `liveThrottle`, and after the socket reconnects. The
 * list keeps its page and filters: `refresh` is the table's `reload`, not a reset.
 * `opts.claim` takes an event the list applies itself (a row patched in place, ./useLivePatch): it then reloads nothing.
 */
export function useLiveRefresh(
  events: readonly RoutedEventType[] | undefined,
  refresh: () => void,
  page: PageVisibility | undefined = browserPage,
  opts: { claim?: (msg: SocketMessage) => boolean } = {},
) {
  const latest = useRef(refresh);
  latest.current = refresh;
  const claim = useRef(opts.claim);
  claim.current = opts.claim;
  const key = events?.join(',') ?? '';
  useEffect(() => {
    if (!key) return;
    const wanted = new Set(key.split(','));
    const throttle = liveThrottle(() => latest.current(), { page, interval: LIST_RELOAD_MS });
    const offEvent = socketBus.onEvent((msg) => {
      const type = msg.type ?? msg.msgType;
      if (type && wanted.has(type) && !claim.current?.(msg)) throttle.poke();
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
