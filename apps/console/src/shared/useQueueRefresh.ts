import { useEffect, useRef } from 'react';
import type { ActionType } from '@ant-design/pro-components';
import { useSearchParams } from 'react-router';
import { useBadge, type BadgeKey } from '../lib/badges';
import { REFRESH_PARAM } from '../lib/tabs';

/** New buys arriving in a burst reload the queue once, this long after the last. */
export const QUEUE_RELOAD_DELAY_MS = 400;

/**
 * Keeps a review queue current:
 * - a new `?_t=` (the header badge, or a notice link, on an open page) reloads it from page 1;
 * - its header counter going up (a live `BUY_GP_REQUEST`: the socket bumps badge 19) reloads the page
 *   shown, once per burst — also when the tab comes back after new orders arrived while it was hidden.
 */
export function useQueueRefresh(actionRef: React.RefObject<ActionType | undefined>, opts: { badge?: BadgeKey; onFresh?: () => void } = {}) {
  const [search] = useSearchParams();
  const stamp = search.get(REFRESH_PARAM);
  const seenStamp = useRef(stamp);
  const onFresh = useRef(opts.onFresh);
  onFresh.current = opts.onFresh;
  useEffect(() => {
    if (stamp === seenStamp.current) return;
    seenStamp.current = stamp;
    onFresh.current?.();
    void actionRef.current?.reloadAndRest?.();
  }, [stamp, actionRef]);

  const count = useBadge(opts.badge ?? 'recharge');
  const tracked = opts.badge !== undefined;
  const seenCount = useRef(count);
  useEffect(() => {
    if (!tracked) return;
    if (count <= seenCount.current) {
      seenCount.current = count;
      return;
    }
    const timer = setTimeout(() => {
      seenCount.current = count;
      void actionRef.current?.reload();
    }, QUEUE_RELOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [count, tracked, actionRef]);
}
