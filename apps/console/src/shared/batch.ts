import type { BatchResult, OrderItem } from '@stock-admin/contracts';

/** What a batch acted on, as the result table names it: its number, whose it is and what it is about. */
export interface BatchSubject {
  id: number;
  ref: string;
  who: string;
  what: string;
}

/** One line of a batch's result table: the server's outcome for an id, with what the operator selected. */
export interface BatchRow extends BatchSubject {
  ok: boolean;
  /** The row's state after the attempt, when the queue reports it (null when unknown). */
  status: string | number | null;
  /** The server's message for this row (why it failed, or what was done). */
  msg: string;
}

/**
 * Joins the per-id results of a batch call (every queue answers `{ ok, failed, results }`) with the rows the operator
 * selected, in the order of the selection. A row the server did not report counts as failed (`missing` as its
 * message); an id the server reports that was not selected is listed last, as the server gave it.
 */
export function batchRows(results: readonly BatchResult[], selected: readonly BatchSubject[], missing = ''): BatchRow[] {
  const byId = new Map(results.map((r) => [r.id, r]));
  const rows: BatchRow[] = selected.map((s) => {
    const r = byId.get(s.id);
    return { ...s, ok: !!r?.ok, status: r?.status ?? null, msg: r ? r.msg : missing };
  });
  const known = new Set(selected.map((s) => s.id));
  for (const r of results)
    if (!known.has(r.id)) rows.push({ id: r.id, ref: `#${r.id}`, who: '', what: '', ok: r.ok, status: r.status ?? null, msg: r.msg });
  return rows;
}

export function batchCounts(rows: readonly Pick<BatchRow, 'ok'>[]): { ok: number; failed: number } {
  const ok = rows.filter((r) => r.ok).length;
  return { ok, failed: rows.length - ok };
}

/** An order or a block-trade request (its number as `orderNo`) as a batch names it. */
export type OrderSubject = Pick<OrderItem, 'id' | 'orderNo' | 'userName' | 'phone' | 'userId' | 'stockName' | 'code'>;
export const orderSubject = (o: OrderSubject): BatchSubject => ({
  id: o.id,
  ref: o.orderNo,
  who: `${o.userName || o.phone} (ID ${o.userId})`,
  what: `${o.stockName} ${o.code}`,
});

/** Only pending orders are reviewed, alone or in a batch. */
export const isPending = (o: Pick<OrderItem, 'status'>) => o.status === 'pending';
