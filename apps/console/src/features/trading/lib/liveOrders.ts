import { useMemo } from 'react';
import type { OrderItem, QuoteTick } from '@stock-admin/contracts';
import { useQuotes } from '../../../shared/market/useQuotes';
import type { OrderView } from '../components/orderColumns';

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
