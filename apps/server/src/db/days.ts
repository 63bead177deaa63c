import { and, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Asia/Shanghai days and hours, the periods of the summary tables (user_reg_days, fund_stats_day,
 * fund_stats_hour): how a time range splits into whole periods (read from a summary) and partial pieces
 * (read from the rows), and how a deep page of a list ordered by time skips whole periods instead of
 * walking the index row by row.
 */

// Asia/Shanghai has no daylight saving time: its days start at 16:00 UTC, its hours with UTC's.
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const SH_OFFSET_MS = 8 * HOUR_MS;

export interface TimeWindow {
  from?: Date;
  to?: Date;
}

/**
 * [from, to) of a filter's begin and end times (validated time strings): the end is inclusive to the
 * millisecond (a date alone means to the end of that day).
 */
export function timeWindow(q: { beginTime?: string; endTime?: string }): TimeWindow {
  return {
    ...(q.beginTime ? { from: new Date(q.beginTime) } : {}),
    ...(q.endTime ? { to: new Date(new Date(q.endTime).getTime() + 1) } : {}),
  };
}

export interface Split<K> {
  /** The whole periods inside [from, to), first and last (a missing end: unbounded); null when there are none. */
  whole: { first?: K; last?: K } | null;
  /** The partial periods at either end (the whole window when it holds no whole period): count them from the rows. */
  pieces: TimeWindow[];
}

/** Splits [from, to) into the whole periods of `ms` (starting at `offset` past a multiple) it covers and the pieces left. */
function split<K>({ from, to }: TimeWindow, ms: number, offset: number, key: (index: number) => K): Split<K> {
  const index = (t: number) => Math.floor((t + offset) / ms);
  const start = (i: number) => i * ms - offset;
  // whole periods i: from <= start(i) and start(i + 1) <= to
  const first = from ? index(from.getTime()) + (start(index(from.getTime())) === from.getTime() ? 0 : 1) : undefined;
  const last = to ? index(to.getTime()) - 1 : undefined;
  if (first !== undefined && last !== undefined && first > last) return { whole: null, pieces: [{ from, to }] };
  const pieces: TimeWindow[] = [];
  if (from && first !== undefined && start(first) > from.getTime()) {
    pieces.push({ from, to: new Date(Math.min(start(first), to?.getTime() ?? Infinity)) });
  }
  if (to && last !== undefined && start(last + 1) < to.getTime()) {
    pieces.push({ from: new Date(Math.max(start(last + 1), from?.getTime() ?? -Infinity)), to });
  }
  return {
    whole: { ...(first !== undefined ? { first: key(first) } : {}), ...(last !== undefined ? { last: key(last) } : {}) },
    pieces,
  };
}

/** The whole Asia/Shanghai days of [from, to) as ISO dates, and the partial days left at either end. */
export const splitDays = (w: TimeWindow): Split<string> =>
  split(w, DAY_MS, SH_OFFSET_MS, (i) => new Date(i * DAY_MS).toISOString().slice(0, 10));

/** The whole hours of [from, to) by their start, and the partial hours left at either end. */
export const splitHours = (w: TimeWindow): Split<Date> => split(w, HOUR_MS, 0, (i) => new Date(i * HOUR_MS));

/** The condition on a summary's period column for the whole periods of a split (hours as ISO instants). */
export function wholeRange(col: AnyPgColumn, whole: { first?: string | Date; last?: string | Date }): SQL | undefined {
  const v = (x: string | Date) => (x instanceof Date ? x.toISOString() : x);
  return and(
    whole.first !== undefined ? gte(col, v(whole.first)) : undefined,
    whole.last !== undefined ? lte(col, v(whole.last)) : undefined,
  );
}

/** A summary's period: the start of the period with key `k` (a column of the summary), and its length. */
export interface Period {
  startOf: (k: SQL) => SQL;
  length: SQL;
}
/** user_reg_days, fund_stats_day: a date. */
export const DAY: Period = { startOf: (k) => sql`(${k}::timestamp AT TIME ZONE 'Asia/Shanghai')`, length: sql`interval '24 hours'` };
/** fund_stats_hour: the hour's start. */
export const HOUR: Period = { startOf: (k) => k, length: sql`interval '1 hour'` };

/** Below this offset a list walks its index: a few thousand index entries cost less than the period walk. */
export const PERIOD_SKIP_MIN_OFFSET = 2000;

/**
 * A deep page of a list ordered by a time column (then id), in the direction `dir`, whose rows are
 * counted per period by `counts` (`SELECT key, n …`, one or more rows per period, exact: a summary kept
 * in the writing transaction, read in the same snapshot as the rows). Walks the periods from the
 * start of the order, summing their counts, to the period that holds row number `offset`; the page is
 * then read from the rows of that period on, skipping only the rows before it in that period.
 *
 * Returns the CTE that finds that period (`k`: its `key` and the rows `before` it), the condition on
 * the time column that starts the rows at that period, and the offset within it. Past the last row `k`
 * is empty: the condition is null and the page is empty, as a plain offset would make it.
 */
export interface PeriodSkip {
  cte: SQL;
  cond: SQL;
  offset: SQL;
}
export function periodSkip(counts: SQL, period: Period, timeCol: SQL, dir: 'asc' | 'desc', offset: number): PeriodSkip {
  const order = sql.raw(dir === 'asc' ? 'ASC' : 'DESC');
  return {
    // cum: the rows up to and including the row's period; before: up to the period before it (a period
    // may have several count rows: a window over them streams in key order, where grouping them first
    // would read the whole summary)
    cte: sql`k AS (
      SELECT key, before FROM (
        SELECT key, sum(n) OVER (ORDER BY key ${order}) AS cum,
               coalesce(sum(n) OVER (ORDER BY key ${order} RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW EXCLUDE GROUP), 0) AS before
        FROM (${counts}) c) w
      WHERE cum > ${offset} ORDER BY key ${order} LIMIT 1)`,
    cond:
      dir === 'asc'
        ? sql`${timeCol} >= (SELECT ${period.startOf(sql`k.key`)} FROM k)`
        : sql`${timeCol} < (SELECT ${period.startOf(sql`k.key`)} + ${period.length} FROM k)`,
    offset: sql`(SELECT (${offset} - k.before)::bigint FROM k)`,
  };
}
