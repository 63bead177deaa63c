import type { WithdrawBatchData, WithdrawItem } from '@stock-admin/contracts';

/** One line of the batch-result table: the server's outcome for an id, with the row it was about. */
export interface BatchResultRow {
  id: number;
  orderNo: string;
  phone: string;
  realName: string | null;
  amount: string;
  ok: boolean;
  /** The request's status after the attempt (null when unknown). */
  status: number | null;
  /** The server's message for this id (why it failed, or what was done). */
  msg: string;
}

/**
 * Joins the per-id results of `/admin/withdraw/batch.do` with the rows the operator selected, in the
 * order of the selection. An id the server did not report counts as failed (status unknown).
 */
export function batchResultRows(data: Pick<WithdrawBatchData, 'results'>, selected: readonly WithdrawItem[]): BatchResultRow[] {
  const byId = new Map(data.results.map((r) => [r.id, r]));
  const rows: BatchResultRow[] = selected.map((w) => {
    const r = byId.get(w.id);
    return {
      id: w.id,
      orderNo: w.orderNo,
      phone: w.phone,
      realName: w.realName,
      amount: w.amount,
      ok: !!r?.ok,
      status: r ? r.status : null,
      msg: r?.msg ?? '',
    };
  });
  const known = new Set(selected.map((w) => w.id));
  for (const r of data.results)
    if (!known.has(r.id))
      rows.push({ id: r.id, orderNo: '', phone: '', realName: null, amount: '', ok: r.ok, status: r.status, msg: r.msg });
  return rows;
}

/** Succeeded / failed counts of result rows. */
export function batchCounts(rows: readonly BatchResultRow[]): { ok: number; failed: number } {
  const ok = rows.filter((r) => r.ok).length;
  return { ok, failed: rows.length - ok };
}

/** Only pending requests can be reviewed, alone or in a batch. */
export const isReviewable = (w: Pick<WithdrawItem, 'status'>) => w.status === 0;
