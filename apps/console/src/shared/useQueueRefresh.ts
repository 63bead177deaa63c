import { useEffect, useRef } from 'react';
import type { ActionType } from '@ant-design/pro-components';
import { useSearchParams } from 'react-router';
import { REFRESH_PARAM } from '../lib/tabs';

/**
 * A new `?_t=` (the header badge, or a notice link, on an open page) reloads a review queue from page 1. New requests
 * arriving while it is open reload it through its list's live events (ListTable `live`), not here.
 */
export function useQueueRefresh(actionRef: React.RefObject<ActionType | undefined>, opts: { onFresh?: () => void } = {}) {
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
}
