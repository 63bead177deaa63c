import { sql } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { dropChainMonths, type MonthPartition } from '../../http/chain.js';
import { writeOplog } from '../../http/oplog.js';

/**
 * The month-partitioned logs (migration 0446, issue 51) and what keeps them: months are created ahead so that rows
 * land in their own month (a row that reached the default partition is moved into its month), and a month older than
 * the log's retention is dropped whole — instant, whatever its size, where a DELETE would write every row again.
 */
export const PARTITIONED_LOGS = ['login_log', 'user_login_log', 'sms_log', 'push_log'] as const;
export type PartitionedLog = (typeof PARTITIONED_LOGS)[number];
/** Months created ahead of the current one. */
export const MONTHS_AHEAD = 3;

export const retentionOf = (c: Config): Record<PartitionedLog, number> => ({
  login_log: c.RETAIN_LOGIN_LOG_MONTHS,
  user_login_log: c.RETAIN_USER_LOGIN_LOG_MONTHS,
  sms_log: c.RETAIN_SMS_LOG_MONTHS,
  push_log: c.RETAIN_PUSH_LOG_MONTHS,
});

/** The operation log (migration 0447): partitioned the same way, but a hash chain — its months go as a chain prefix. */
export const OPERATION_LOG = 'operation_log';

/** `YYYY-MM` of an instant in Asia/Shanghai. */
const monthOf = (t: Date) => new Date(t.getTime() + 8 * 3_600_000).toISOString().slice(0, 7);
/** The month `n` months before `month` (`YYYY-MM`). */
function monthsBefore(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const i = y * 12 + (m - 1) - n;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
}

/** The months a log has as partitions (`YYYY-MM`, oldest first), from their names `<log>_pYYYYMM`. */
export async function monthsOf(db: Db, log: PartitionedLog | typeof OPERATION_LOG): Promise<string[]> {
  const list = rows<{ name: string }>(
    await db.execute(sql`
      SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = to_regclass(${log})`),
  );
  return list
    .map((r) => /_p(\d{4})(\d{2})$/.exec(r.name))
    .filter((m): m is RegExpExecArray => !!m)
    .map((m) => `${m[1]}-${m[2]}`)
    .sort();
}

export interface PartitionReport {
  created: number;
  dropped: string[];
}

/** Creates a log's months ahead; returns how many were made and its months that ended before `keepMonths`. */
async function ensureMonths(
  db: Db,
  log: PartitionedLog | typeof OPERATION_LOG,
  keepMonths: number,
  now: Date,
): Promise<{ created: number; expired: string[] }> {
  const [made] = rows<{ n: number }>(await db.execute(sql`SELECT log_partitions_ensure(${log}, ${MONTHS_AHEAD}) AS n`));
  const keepFrom = monthsBefore(monthOf(now), keepMonths);
  return { created: made?.n ?? 0, expired: (await monthsOf(db, log)).filter((m) => m < keepFrom) };
}

/**
 * Creates each log's months ahead (and the months of rows that reached its default partition), then drops the months
 * that ended before its retention: with 12 months kept in November 2026, October 2025 and older go.
 */
export async function maintainLogPartitions(
  db: Db,
  retention: Record<PartitionedLog, number>,
  now = new Date(),
): Promise<Record<PartitionedLog, PartitionReport>> {
  const out = {} as Record<PartitionedLog, PartitionReport>;
  for (const log of PARTITIONED_LOGS) {
    const { created, expired } = await ensureMonths(db, log, retention[log], now);
    for (const month of expired)
      // a name made here from a month read off the catalogue: nothing an operator typed reaches this statement
      await db.execute(sql.raw(`DROP TABLE IF EXISTS "${log}_p${month.replace('-', '')}"`));
    out[log] = { created, dropped: expired };
  }
  return out;
}

/** The first instant of the month after `month` (`YYYY-MM`), Asia/Shanghai. */
function endOf(month: string): Date {
  const next = monthsBefore(month, -1);
  return new Date(`${next}-01T00:00:00+08:00`);
}

export interface ChainRetention extends PartitionReport {
  /** the links removed with the months, and the hash the chain now starts from */
  fromSeq: number | null;
  toSeq: number | null;
  lastHash: string | null;
}

/**
 * The operation log's months: created ahead like the other logs; those that ended before its retention are dropped
 * as far as they are a prefix of the audit chain (http/chain.ts dropChainMonths), leaving a checkpoint in
 * audit_chain_cuts and a sealed row of the log itself naming the months and the range of links.
 */
export async function maintainOperationLog(db: Db, keepMonths: number, now = new Date()): Promise<ChainRetention> {
  const { created, expired } = await ensureMonths(db, OPERATION_LOG, keepMonths, now);
  const old: MonthPartition[] = expired.map((month) => ({
    month,
    table: `${OPERATION_LOG}_p${month.replace('-', '')}`,
    end: endOf(month),
  }));
  const cut = old.length ? await dropChainMonths(db, old) : { dropped: [], fromSeq: null, toSeq: null, lastHash: null };
  if (cut.dropped.length) {
    await writeOplog(db, {
      admin: null,
      module: 'log',
      action: 'job:log-partitions',
      method: 'JOB',
      summary: { months: cut.dropped, fromSeq: cut.fromSeq, toSeq: cut.toSeq, lastHash: cut.lastHash, keepMonths },
      ip: '',
      status: 0,
      msg:
        cut.fromSeq == null
          ? `retention: dropped empty months ${cut.dropped.join(', ')}`
          : `retention: dropped months ${cut.dropped.join(', ')}, chain links ${cut.fromSeq}–${cut.toSeq}`,
    });
  }
  return { created, ...cut };
}
