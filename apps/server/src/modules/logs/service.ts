import { deleteChainPrefix } from '../../http/chain.js';
import { invalid } from '../../http/errors.js';
import { and, desc, eq, gte, ilike, inArray, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  EXPORT_MAX_ROWS,
  type LogKind,
  type LoginLogItem,
  type OperationLogItem,
  type Page,
  type PushLogItem,
  type SmsLogItem,
  type deleteLogInput,
  type loginLogQuery,
  type operationLogQuery,
  type pushLogQuery,
  type smsLogQuery,
} from '@stock-admin/contracts';
import { loginLog } from '../session/tables.js';
import { operationLog } from '../../http/tables.js';
import { pushLog, smsLog } from './tables.js';
import { scheduledTaskRuns } from '../tasks/tables.js';
import { operationOf } from '../_kit/operations.js';
import type { Db } from '../../db/client.js';
import { likeContains, likePrefix } from '../../db/like.js';
import { rows } from '../../db/rows.js';
import { cappedCount, keysetBatches, onePage } from '../../db/paging.js';

const and_ = (w: SQL[]) => (w.length ? and(...w) : undefined);

function timeConds(col: PgColumn, q: { beginTime?: string; endTime?: string }): SQL[] {
  const w: SQL[] = [];
  if (q.beginTime) w.push(gte(col, new Date(q.beginTime)));
  if (q.endTime) w.push(lte(col, new Date(q.endTime)));
  return w;
}

export function loginLogCond(q: z.output<typeof loginLogQuery>): SQL | undefined {
  const w: SQL[] = [];
  // by the name's start, any case (migration 0449's index): a match anywhere read the whole year
  if (q.username) w.push(sql`lower(${loginLog.username}) LIKE ${likePrefix(q.username.toLowerCase())}`);
  if (q.adminId) w.push(eq(loginLog.adminId, q.adminId));
  if (q.ip) w.push(eq(loginLog.ip, q.ip));
  if (q.result) w.push(eq(loginLog.result, q.result));
  return and_([...w, ...timeConds(loginLog.createdAt, q)]);
}

export function operationLogCond(q: z.output<typeof operationLogQuery>): SQL | undefined {
  const w: SQL[] = [];
  if (q.adminName) w.push(ilike(operationLog.adminName, likeContains(q.adminName)));
  if (q.adminId) w.push(eq(operationLog.adminId, q.adminId));
  if (q.module) w.push(eq(operationLog.module, q.module));
  if (q.action) w.push(ilike(operationLog.action, likeContains(q.action)));
  if (q.targetId) w.push(eq(operationLog.targetId, q.targetId));
  if (q.result) w.push(eq(operationLog.result, q.result));
  return and_([...w, ...timeConds(operationLog.createdAt, q)]);
}

export function smsLogCond(q: z.output<typeof smsLogQuery>): SQL | undefined {
  const w: SQL[] = [];
  if (q.phone) w.push(ilike(smsLog.phone, likeContains(q.phone)));
  if (q.kind) w.push(eq(smsLog.kind, q.kind));
  if (q.result) w.push(eq(smsLog.result, q.result));
  return and_([...w, ...timeConds(smsLog.createdAt, q)]);
}

export function pushLogCond(q: z.output<typeof pushLogQuery>): SQL | undefined {
  const w: SQL[] = [];
  if (q.platform) w.push(eq(pushLog.platform, q.platform));
  if (q.result) w.push(eq(pushLog.result, q.result));
  return and_([...w, ...timeConds(pushLog.createdAt, q)]);
}

type WithId = PgTable & { id: PgColumn };

async function page<T extends WithId, R extends { createdAt: Date }>(
  db: Db,
  table: T,
  cond: SQL | undefined,
  q: { pageNum: number; pageSize: number },
): Promise<Page<Omit<R, 'createdAt'> & { createdAt: string }>> {
  const [list, [total]] = await Promise.all([
    onePage(
      db
        .select()
        .from(table as PgTable)
        .where(cond)
        .orderBy(desc(table.id))
        .$dynamic(),
      q,
    ) as unknown as Promise<R[]>,
    db.execute(cappedCount(sql`FROM ${table} WHERE ${cond ?? sql`true`}`)).then((r) => rows<{ n: number }>(r)),
  ]);
  return {
    list: list.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    total: Number(total?.n ?? 0),
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

export const listLoginLog = (db: Db, q: z.output<typeof loginLogQuery>): Promise<Page<LoginLogItem>> =>
  page<typeof loginLog, typeof loginLog.$inferSelect>(db, loginLog, loginLogCond(q), q);

export async function listOperationLog(db: Db, q: z.output<typeof operationLogQuery>): Promise<Page<OperationLogItem>> {
  const p = await page<typeof operationLog, typeof operationLog.$inferSelect>(db, operationLog, operationLogCond(q), q);
  return { ...p, list: p.list.map((r) => ({ ...r, operation: operationOf(r.action) })) };
}

export async function listSmsLog(db: Db, q: z.output<typeof smsLogQuery>): Promise<Page<SmsLogItem>> {
  const p = await page<typeof smsLog, typeof smsLog.$inferSelect>(db, smsLog, smsLogCond(q), q);
  return { ...p, list: p.list.map(({ providerRef: _ref, ...r }) => r) };
}

export const listPushLog = (db: Db, q: z.output<typeof pushLogQuery>): Promise<Page<PushLogItem>> =>
  page<typeof pushLog, typeof pushLog.$inferSelect>(db, pushLog, pushLogCond(q), q);

/** Rows of a filtered log, newest first, in batches (keyset on id), at most EXPORT_MAX_ROWS. */
export function batches<T extends WithId, R extends { id: number }>(
  db: Db,
  table: T,
  cond: SQL | undefined,
  size = 1000,
): AsyncGenerator<R[]> {
  return keysetBatches(
    (before: number | undefined, n) =>
      db
        .select()
        .from(table as PgTable)
        .where(before === undefined ? cond : cond ? and(cond, lt(table.id, before)) : lt(table.id, before))
        .orderBy(desc(table.id))
        .limit(n) as unknown as Promise<R[]>,
    (r) => r.id,
    { size, max: EXPORT_MAX_ROWS },
  );
}

const TABLES: Record<LogKind, { table: WithId; time: PgColumn }> = {
  login: { table: loginLog, time: loginLog.createdAt },
  operation: { table: operationLog, time: operationLog.createdAt },
  sms: { table: smsLog, time: smsLog.createdAt },
  push: { table: pushLog, time: pushLog.createdAt },
  taskRun: { table: scheduledTaskRuns, time: scheduledTaskRuns.startedAt },
};

/**
 * Super-user deletion of log rows (by id or older than a time); the route logs the deletion itself. The operation log
 * is a hash chain: only its oldest rows go, by time (a prefix), and the deletion's own log row names the range.
 */
export async function deleteLogs(
  db: Db,
  input: z.output<typeof deleteLogInput>,
): Promise<{ deleted: number; fromSeq?: number | null; toSeq?: number | null; lastHash?: string | null }> {
  if (input.kind === 'operation') {
    if (input.ids || !input.before) throw invalid('before', 'reason.oplog_by_time');
    return deleteChainPrefix(db, new Date(input.before));
  }
  const { table, time } = TABLES[input.kind];
  const w: SQL[] = [];
  if (input.ids) w.push(inArray(table.id, input.ids));
  if (input.before) w.push(lt(time, new Date(input.before)));
  // A run in progress is not history yet.
  if (input.kind === 'taskRun') w.push(ne(scheduledTaskRuns.result, 'running'));
  const gone = await db
    .delete(table as PgTable)
    .where(and(...w))
    .returning({ id: table.id });
  return { deleted: gone.length };
}
