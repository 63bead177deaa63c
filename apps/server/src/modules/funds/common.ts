import { sql, type SQL } from 'drizzle-orm';
import Decimal from 'decimal.js';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DepositWithdrawTotals } from '@stock-admin/contracts';
import { rows } from '../../db/rows.js';
import type { Db } from '../../db/client.js';
import { serialNoSql } from '../../db/serial-no.js';
import { likePrefix } from '../../db/like.js';

/** A deposit or withdrawal number (`db/serial-no.ts`), as the SQL expression of the INSERT that numbers the order. */
export const orderNoSql = (prefix: 'R' | 'W', now = new Date()): SQL<string> => serialNoSql(prefix, 'order_no_seq', now);

/** The list filters both screens share, as SQL on a table with user_id, status, amount, created_at, order_no. */
export function fundFilterSql(
  t: { userId: AnyPgColumn; status: AnyPgColumn; amount: AnyPgColumn; createdAt: AnyPgColumn; orderNo: AnyPgColumn },
  f: {
    userId?: number;
    keyword?: string;
    agentId?: number;
    status?: number;
    minAmount?: string;
    maxAmount?: string;
    beginTime?: string;
    endTime?: string;
  },
): SQL[] {
  const where: SQL[] = [];
  if (f.userId != null) where.push(sql`${t.userId} = ${f.userId}`);
  if (f.keyword) {
    const k = f.keyword;
    where.push(
      sql`(${t.orderNo} LIKE ${likePrefix(k)} OR ${t.userId} IN (SELECT ku.id FROM users ku WHERE ku.phone LIKE ${likePrefix(k)} OR ku.real_name LIKE ${likePrefix(k)}))`,
    );
  }
  if (f.agentId != null)
    where.push(
      sql`${t.userId} IN (SELECT au.id FROM users au WHERE au.agent_id IN (SELECT aa.id FROM agents aa WHERE aa.path @> ARRAY[${f.agentId}::int]))`,
    );
  if (f.status != null) where.push(sql`${t.status} = ${f.status}`);
  if (f.minAmount != null) where.push(sql`${t.amount} >= ${f.minAmount}`);
  if (f.maxAmount != null) where.push(sql`${t.amount} <= ${f.maxAmount}`);
  if (f.beginTime) where.push(sql`${t.createdAt} >= ${f.beginTime}`);
  if (f.endTime) where.push(sql`${t.createdAt} <= ${f.endTime}`);
  return where;
}

/** Count and sum by status of the rows matching `where` (table given by name). */
export async function totalsOf(db: Db, table: SQL, where: SQL | undefined): Promise<DepositWithdrawTotals> {
  const r = rows<{ status: number; n: number; total: string }>(
    await db.execute(
      sql`SELECT status, count(*)::int AS n, coalesce(sum(amount), 0)::numeric(20,2)::text AS total FROM ${table} ${where ? sql`WHERE ${where}` : sql``} GROUP BY status`,
    ),
  );
  const by = (s: number) => {
    const x = r.find((y) => Number(y.status) === s);
    return { count: x?.n ?? 0, amount: x?.total ?? '0.00' };
  };
  const byStatus = { '0': by(0), '1': by(1), '2': by(2), '3': by(3) };
  const count = r.reduce((a, x) => a + x.n, 0);
  const amount = r.reduce((a, x) => a.plus(x.total), new Decimal(0)).toFixed(2);
  return { count, amount, byStatus };
}

/** Masks a bank card number: last four digits only. */
export const maskCard = (last4: string) => `**** **** **** ${last4}`;
