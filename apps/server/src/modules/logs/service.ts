import { and, count, desc, eq, gte, ilike, lte, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { LoginLogItem, OperationLogItem, Page, loginLogQuery, operationLogQuery } from '@stock-admin/contracts';
import { loginLog, operationLog } from '../../db/schema/index.js';
import type { Db } from '../../db/client.js';

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listLoginLog(db: Db, q: z.output<typeof loginLogQuery>): Promise<Page<LoginLogItem>> {
  const where: SQL[] = [];
  if (q.username) where.push(ilike(loginLog.username, like(q.username)));
  if (q.ip) where.push(eq(loginLog.ip, q.ip));
  if (q.result) where.push(eq(loginLog.result, q.result));
  if (q.beginTime) where.push(gte(loginLog.createdAt, new Date(q.beginTime)));
  if (q.endTime) where.push(lte(loginLog.createdAt, new Date(q.endTime)));
  const cond = where.length ? and(...where) : undefined;
  const [list, [total]] = await Promise.all([
    db.select().from(loginLog).where(cond).orderBy(desc(loginLog.id)).limit(q.pageSize).offset((q.pageNum - 1) * q.pageSize),
    db.select({ n: count() }).from(loginLog).where(cond),
  ]);
  return {
    list: list.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    total: Number(total?.n ?? 0),
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

export async function listOperationLog(db: Db, q: z.output<typeof operationLogQuery>): Promise<Page<OperationLogItem>> {
  const where: SQL[] = [];
  if (q.adminName) where.push(ilike(operationLog.adminName, like(q.adminName)));
  if (q.module) where.push(eq(operationLog.module, q.module));
  if (q.beginTime) where.push(gte(operationLog.createdAt, new Date(q.beginTime)));
  if (q.endTime) where.push(lte(operationLog.createdAt, new Date(q.endTime)));
  const cond = where.length ? and(...where) : undefined;
  const [list, [total]] = await Promise.all([
    db.select().from(operationLog).where(cond).orderBy(desc(operationLog.id)).limit(q.pageSize).offset((q.pageNum - 1) * q.pageSize),
    db.select({ n: count() }).from(operationLog).where(cond),
  ]);
  return {
    list: list.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    total: Number(total?.n ?? 0),
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}
