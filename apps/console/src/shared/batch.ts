import type { OrderItem } from '@stock-admin/contracts';

/** One line of the batch-result table: the server's outcome for an order, with what the operator selected. */
export interface BatchRow {
  id: number;
  orderNo: string;
  user: string;
  stock: string;
  shares: number | null;
  ok: boolean;
  /** The server's message for this order (why it failed, or what was done). */
  msg: string;
}

type Result = { id: number; ok: boolean; msg: string };

/**
 * Joins the per-id results of `/admin/order/batchReview.do` with the selected orders, in the order of the
 * selection. An order the server did not report counts as failed (`missing` as its message); an id the
 * server reports that was not selected is listed last, as the server gave it.
 */
/** What batchRows reads of a selected row (an order, or a block-trade request with its number as `orderNo`). */
export type BatchSubject = Pick<OrderItem, 'id' | 'orderNo' | 'userName' | 'phone' | 'userId' | 'stockName' | 'code' | 'shares'>;

export function batchRows(results: readonly Result[], selected: readonly BatchSubject[], missing = ''): BatchRow[] {
  const byId = new Map(results.map((r) => [r.id, r]));
  const rows: BatchRow[] = selected.map((o) => {
    const r = byId.get(o.id);
    return {
      id: o.id,
      orderNo: o.orderNo,
      user: `${o.userName || o.phone} (ID ${o.userId})`,
      stock: `${o.stockName} ${o.code}`,
      shares: o.shares,
      ok: !!r?.ok,
      msg: r ? r.msg : missing,
    };
  });
  const known = new Set(selected.map((o) => o.id));
  for (const r of results)
    if (!known.has(r.id)) rows.push({ id: r.id, orderNo: `#${r.id}`, user: '', stock: '', shares: null, ok: r.ok, msg: r.msg });
  return rows;
}

export function batchCounts(rows: readonly BatchRow[]): { ok: number; failed: number } {
  const ok = rows.filter((r) => r.ok).length;
  return { ok, failed: rows.length - ok };
}

/** Only pending orders are reviewed, alone or in a batch. */
export const isPending = (o: Pick<OrderItem, 'status'>) => o.status === 'pending';
