import { and, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { BatchResult, BatchResults, Lang } from '@stock-admin/contracts';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { t } from '../../app/i18n.js';

/**
 * The review kit every queue uses (issue 19): claim a pending row exactly once, review a batch with a
 * result per row.
 *
 * `claimPending` changes a row from its pending state with one conditional UPDATE: of two concurrent
 * reviews only one gets the row back; the other waits for that transaction, finds the row no longer
 * pending and is refused with the state it found. Call it inside the transaction that also moves the
 * money, so that the state change and its ledger entries commit together or not at all.
 */
export async function claimPending<T extends PgTable, R = T['$inferSelect']>(
  tx: Db,
  q: {
    table: T;
    id: AnyPgColumn;
    status: AnyPgColumn;
    pending: string | number;
    rowId: number;
    /** Agent staff: only rows of their subtree. */
    scope?: SQL;
    set: Record<string, unknown>;
    /** Refusals: nothing found (in scope), or found in another state (its state as `{status}`). */
    notFound: () => Error;
    notPending: (status: unknown) => Error;
  },
): Promise<R> {
  const where = and(eq(q.id, q.rowId), eq(q.status, q.pending), q.scope);
  const [row] = (await tx
    .update(q.table)
    .set(q.set as never)
    .where(where)
    .returning()) as R[];
  if (row) return row;
  const [cur] = (await tx
    .select({ status: q.status })
    .from(q.table as PgTable)
    .where(and(eq(q.id, q.rowId), q.scope))
    .limit(1)) as { status: unknown }[];
  if (!cur) throw q.notFound();
  throw q.notPending(cur.status);
}

/**
 * Reviews rows one by one, each in its own transaction (`review` opens it): one row's refusal does not stop the
 * others; each gets its message in the caller's language. Every queue's batch is this loop and answers its one shape
 * (contracts' `batchResults`); a review that returns `{ status }` reports the row's state afterwards.
 */
export async function reviewEach(
  ids: readonly number[],
  lang: Lang,
  review: (id: number) => Promise<{ status?: string | number } | void>,
  okKey: string,
): Promise<BatchResults> {
  const results: BatchResult[] = [];
  for (const id of [...new Set(ids)]) {
    try {
      const done = await review(id);
      results.push({ id, ok: true, msg: t(lang, okKey), ...(done?.status !== undefined ? { status: done.status } : {}) });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      results.push({ id, ok: false, msg: t(lang, err.key, err.params), status: null });
    }
  }
  const ok = results.filter((r) => r.ok).length;
  return { ok, failed: results.length - ok, results };
}
