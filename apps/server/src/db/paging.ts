import { sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { COUNT_CAP } from '@stock-admin/contracts';

/** The API's page of a list: `pageNum` from 1, `pageSize` rows (contracts' pageQuery). */
export interface PageQuery {
  pageNum: number;
  pageSize: number;
}

/**
 * THE offset paging of every list: the page `p` of a query the caller has filtered and ordered (an order that ends in a
 * unique key, so that pages neither repeat nor skip a row). Give it the query made dynamic: `onePage(q.$dynamic(), p)`.
 */
export function onePage<Q extends PgSelect>(query: Q, p: PageQuery): Q {
  return query.limit(p.pageSize).offset(offsetOf(p));
}

/** The rows before page `p`: the one place a page's offset is computed (lint refuses `pageNum - 1` elsewhere). */
export const offsetOf = (p: PageQuery): number => (p.pageNum - 1) * p.pageSize;

/** The same paging for a list written in SQL: `LIMIT … OFFSET …` of page `p`, after an ORDER BY that ends in a unique key. */
export const pageSql = (p: PageQuery): SQL => sql`LIMIT ${p.pageSize} OFFSET ${offsetOf(p)}`;

/** Page `p` of a list already in memory and in order (a calendar's days, the task table). */
export const pageOf = <T>(items: readonly T[], p: PageQuery): T[] => items.slice(offsetOf(p), offsetOf(p) + p.pageSize);

/**
 * THE total of a list that grows without bound (orders, the logs): its matches counted up to COUNT_CAP + 1, no further
 * (a year of the operation log counted whole took longer than the page: bench/year). `from` is the list's
 * `FROM … WHERE …`; the answer's total is then exact up to COUNT_CAP and COUNT_CAP + 1 ("more than") past it.
 */
export const cappedCount = (from: SQL): SQL => sql`SELECT count(*)::int AS n FROM (SELECT 1 ${from} LIMIT ${COUNT_CAP + 1}) capped`;

/**
 * THE keyset paging of every export: the rows of a list newest first in batches, each batch asked for with the key of
 * the last row of the one before (`before`: undefined for the first), so that rows written meanwhile neither shift nor
 * repeat a batch. Stops at a short batch, or once `max` rows are out.
 */
export async function* keysetBatches<R, K>(
  fetch: (before: K | undefined, size: number) => Promise<R[]>,
  keyOf: (row: R) => K,
  opts: { size?: number; max?: number } = {},
): AsyncGenerator<R[]> {
  const size = opts.size ?? 1000;
  const max = opts.max ?? Infinity;
  let before: K | undefined;
  let sent = 0;
  while (sent < max) {
    const want = Math.min(size, max - sent);
    const rows = await fetch(before, want);
    if (!rows.length) return;
    yield rows;
    sent += rows.length;
    before = keyOf(rows[rows.length - 1]!);
    if (rows.length < want) return;
  }
}
