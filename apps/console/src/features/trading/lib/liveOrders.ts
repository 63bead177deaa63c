import { useMemo } from 'react';
import type { OrderItem, QuoteTick } from '@stock-admin/contracts';
import { useQuotes } from '../../../shared/market/useQuotes';
import type { OrderView } from '../components/orderColumns';
import type { LivePatch } from '../../../shared/list/useLivePatch';

/** An order's fields that follow the live quote on screen (liveOrder): a reload that moved only these flashes nothing. */
export const ORDER_LIVE_FIELDS = ['last', 'change', 'stale'] as const;

/** A pending order takes the live quote (last, change, stale); a handled one keeps the list's price. */
export function liveOrder(o: OrderItem, q: Pick<QuoteTick, 'last' | 'change' | 'stale'> | undefined): OrderView {
  if (o.status !== 'pending' || !q) return { ...o, change: null, stale: false };
  return { ...o, last: q.last, change: q.change, stale: q.stale };
}

/** The rows with the live quotes of the pending orders on screen (watched while the page is shown). */
export function useLiveOrders(rows: readonly OrderItem[]): OrderView[] {
  const gids = useMemo(() => rows.filter((r) => r.status === 'pending').map((r) => r.gid), [rows]);
  const quotes = useQuotes(gids);
  return useMemo(() => rows.map((r) => liveOrder(r, quotes[r.gid])), [rows, quotes]);
}

/**
 * A buy list's live patch (issue 64): a settled buy on screen is read again alone, by its id, through the list's own
 * call (its scope and shape), and shows its new state in place; the list reloads whole only for new requests.
 */
export function settledBuyPatch(
  read: (q: { id: number; pageNum: number; pageSize: number }) => Promise<{ list: OrderItem[] }>,
): LivePatch<OrderView> {
  return {
    events: ['BUY_GP_SETTLED'],
    row: async (id) => {
      const r = (await read({ id, pageNum: 1, pageSize: 1 })).list[0];
      return r ? liveOrder(r, undefined) : null;
    },
  };
}
