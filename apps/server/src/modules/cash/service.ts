import Decimal from 'decimal.js';
import { and, eq, gte, inArray, isNotNull, lte, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { TRANSFER_FUND_TYPES, type FundListQuery, type FundRecordItem, type FundType, type fundFilters } from '@stock-admin/contracts';
import { fundRecords, fundStats, fundStatsDay } from '../../db/schema/index.js';
import { rows } from '../../db/migrate.js';
import type { Db } from '../../db/client.js';
import type { Principal } from '../../http/context.js';
import { scopeAgentIdList } from '../agents/scope.js';

type Filters = z.output<typeof fundFilters>;

/** Agent ids a fund-record query needs, resolved first: the admin's scope and the agent filter's subtree. */
export interface FundListIds {
  /** null: not scoped. */
  scope: number[] | null;
  /** null: no agent filter. */
  agents: number[] | null;
}

export async function fundListIds(db: Db, p: Principal, q: Filters): Promise<FundListIds> {
  const [scope, agents] = await Promise.all([
    scopeAgentIdList(db, p),
    q.agentId === undefined
      ? null
      : rows<{ id: number }>(await db.execute(sql`SELECT id FROM agents WHERE path @> ARRAY[${q.agentId}::int]`)).map((r) => Number(r.id)),
  ]);
  return { scope, agents };
}

const inIds = (col: typeof fundRecords.ownerAgentId | typeof fundStats.agentId, ids: number[]) =>
  ids.length ? inArray(col, ids) : sql`false`;

/**
 * The WHERE of the fund-record list, its totals and its export (on the fund_records table, unaliased):
 * filters plus the admin's scope. Scope and agent filter use owner_agent_id: the agent a record belongs
 * to (the user's current agent, or the agent of an agent record).
 */
export function fundWhere(
  q: Filters,
  ids: FundListIds,
  opts: { types?: FundType[]; window?: { from?: Date; to?: Date } } = {},
): SQL | undefined {
  const owner = q.owner ?? 'user';
  const where: (SQL | undefined)[] = [];
  if (owner === 'user') where.push(isNotNull(fundRecords.userId));
  if (owner === 'agent') where.push(isNotNull(fundRecords.agentId));
  if (ids.scope) where.push(inIds(fundRecords.ownerAgentId, ids.scope));
  if (ids.agents) where.push(inIds(fundRecords.ownerAgentId, ids.agents));
  if (q.userId !== undefined) where.push(eq(fundRecords.userId, q.userId));
  if (q.phone) where.push(sql`${fundRecords.userId} IN (SELECT pu.id FROM users pu WHERE pu.phone = ${q.phone})`);
  const types = typesOf(q, opts);
  if (types) where.push(types.length ? inArray(fundRecords.type, types) : sql`false`);
  if (q.accountType !== undefined)
    where.push(sql`${fundRecords.userId} IN (SELECT tu.id FROM users tu WHERE tu.account_type = ${q.accountType})`);
  if (q.reference) where.push(eq(fundRecords.reference, q.reference));
  if (q.adminId !== undefined) where.push(eq(fundRecords.adminId, q.adminId));
  const w = opts.window ?? timeWindow(q);
  if (w.from) where.push(gte(fundRecords.createdAt, w.from));
  if (w.to) where.push(lt(fundRecords.createdAt, w.to));
  return and(...where);
}

const typesOf = (q: Filters, opts: { types?: FundType[] }) =>
  opts.types ? (q.type ? q.type.filter((x) => opts.types!.includes(x)) : opts.types) : q.type;

/** [from, to) of the filters: the end time is inclusive to the millisecond (a date alone: to the end of that day). */
export function timeWindow(q: Pick<Filters, 'beginTime' | 'endTime'>): { from?: Date; to?: Date } {
  return {
    ...(q.beginTime ? { from: new Date(q.beginTime) } : {}),
    ...(q.endTime ? { to: new Date(new Date(q.endTime).getTime() + 1) } : {}),
  };
}

// Asia/Shanghai has no daylight saving time: its days start at 16:00 UTC.
const DAY_MS = 86_400_000;
const SH_OFFSET_MS = 8 * 3_600_000;
const shDay = (t: number) => Math.floor((t + SH_OFFSET_MS) / DAY_MS);
const shDayStart = (day: number) => day * DAY_MS - SH_OFFSET_MS;
const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

const rawTotals = (cond: SQL | undefined) => sql`
  SELECT count(*) AS n, coalesce(sum(amount) FILTER (WHERE amount > 0), 0) AS amount_in, coalesce(sum(amount) FILTER (WHERE amount < 0), 0) AS amount_out
  FROM fund_records ${cond ? sql`WHERE ${cond}` : sql``}`;

/**
 * Count and sums of the filtered set, exact. Filters that name single users or orders (user, phone,
 * reference, admin) aggregate the matching records through their indexes. The others (type, owner,
 * agent, account type, time, the agent scope) read the whole days of the time range from the summary
 * tables (fund_stats_day, or fund_stats when an agent or account type is involved; both kept by
 * triggers in the writing transaction) and only the partial first and last days from fund_records.
 */
export function fundTotalsSql(q: Filters, ids: FundListIds, opts: { types?: FundType[] } = {}): SQL {
  const viaStats = q.userId === undefined && !q.phone && !q.reference && q.adminId === undefined;
  if (!viaStats) return rawTotals(fundWhere(q, ids, opts));
  const { from, to } = timeWindow(q);
  // whole days d: from <= start(d) and start(d + 1) <= to
  const firstDay = from ? shDay(from.getTime()) + (shDayStart(shDay(from.getTime())) === from.getTime() ? 0 : 1) : undefined;
  const lastDay = to ? shDay(to.getTime()) - 1 : undefined;
  const parts: SQL[] = [];
  if (firstDay === undefined || lastDay === undefined || firstDay <= lastDay) {
    const owner = q.owner ?? 'user';
    const types = typesOf(q, opts);
    const fine = ids.scope != null || ids.agents != null || q.accountType !== undefined;
    const t = fine ? fundStats : fundStatsDay;
    const where: (SQL | undefined)[] = [];
    if (owner === 'user') where.push(eq(t.owner, 'u'));
    if (owner === 'agent') where.push(eq(t.owner, 'a'));
    if (types) where.push(types.length ? inArray(t.type, types) : sql`false`);
    if (ids.scope) where.push(inIds(fundStats.agentId, ids.scope));
    if (ids.agents) where.push(inIds(fundStats.agentId, ids.agents));
    if (q.accountType !== undefined) where.push(eq(fundStats.owner, 'u'), eq(fundStats.accountType, q.accountType));
    if (firstDay !== undefined) where.push(gte(t.day, isoDay(firstDay)));
    if (lastDay !== undefined) where.push(lte(t.day, isoDay(lastDay)));
    const cond = and(...where);
    parts.push(sql`SELECT coalesce(sum(n), 0) AS n, coalesce(sum(amount_in), 0) AS amount_in, coalesce(sum(amount_out), 0) AS amount_out
                   FROM ${t} ${cond ? sql`WHERE ${cond}` : sql``}`);
    // the partial days at either end
    if (from && firstDay !== undefined && shDayStart(firstDay) > from.getTime()) {
      parts.push(
        rawTotals(
          fundWhere(q, ids, { ...opts, window: { from, to: new Date(Math.min(shDayStart(firstDay), to?.getTime() ?? Infinity)) } }),
        ),
      );
    }
    if (to && lastDay !== undefined && shDayStart(lastDay + 1) < to.getTime()) {
      parts.push(
        rawTotals(
          fundWhere(q, ids, { ...opts, window: { from: new Date(Math.max(shDayStart(lastDay + 1), from?.getTime() ?? -Infinity)), to } }),
        ),
      );
    }
  } else {
    // the range lies within one day
    parts.push(rawTotals(fundWhere(q, ids, opts)));
  }
  return sql`SELECT coalesce(sum(n), 0)::bigint AS n, coalesce(sum(amount_in), 0) AS amount_in, coalesce(sum(amount_out), 0) AS amount_out
             FROM (${sql.join(parts, sql` UNION ALL `)}) t`;
}

interface RecordRow {
  id: string | number;
  user_id: number | null;
  agent_id: number | null;
  type: string;
  amount: string;
  equity_delta: string;
  enable_delta: string;
  frozen_delta: string;
  user_amt_after: string;
  enable_amt_after: string;
  frozen_amt_after: string;
  reference: string | null;
  admin_id: number | null;
  note: string | null;
  created_at: string | Date;
  user_phone: string | null;
  user_real_name: string | null;
  account_type: number | null;
  display_agent_id: number | null;
  /** created_at at full (microsecond) precision, for the export's keyset */
  created_key: string;
  agent_name: string | null;
}

const toItem = (r: RecordRow): FundRecordItem => ({
  id: Number(r.id),
  userId: r.user_id,
  userPhone: r.user_phone,
  userRealName: r.user_real_name,
  accountType: r.account_type == null ? null : Number(r.account_type),
  agentId: r.display_agent_id,
  agentName: r.agent_name,
  owner: r.user_id != null ? 'user' : 'agent',
  type: r.type as FundType,
  amount: r.amount,
  equityDelta: r.equity_delta,
  enableDelta: r.enable_delta,
  frozenDelta: r.frozen_delta,
  userAmtAfter: r.user_amt_after,
  enableAmtAfter: r.enable_amt_after,
  frozenAmtAfter: r.frozen_amt_after,
  reference: r.reference,
  adminId: r.admin_id,
  note: r.note,
  createdAt: new Date(r.created_at).toISOString(),
});

/**
 * Records of one page joined with their user and agent, newest first (creation time, then id), after
 * the keyset `after` when given (the export). The ids of the page are found first on fund_records alone
 * (an index-only scan for deep pages), then only those rows are read and joined.
 */
export function recordsPageSql(cond: SQL | undefined, limit: number, offset: number, after?: { createdAt: string; id: number }): SQL {
  const where = and(
    cond,
    after ? sql`(${fundRecords.createdAt}, ${fundRecords.id}) < (${after.createdAt}::timestamptz, ${after.id}::bigint)` : undefined,
  );
  const order = sql`created_at DESC, id DESC`;
  const outer = sql`fr.created_at DESC, fr.id DESC`;
  return sql`
      SELECT fr.*, fr.created_at::text AS created_key, u.phone AS user_phone, u.real_name AS user_real_name, u.account_type,
             coalesce(fr.agent_id, u.agent_id) AS display_agent_id, a.name AS agent_name
      FROM (SELECT id FROM fund_records ${where ? sql`WHERE ${where}` : sql``} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}) p
      JOIN fund_records fr ON fr.id = p.id
      LEFT JOIN users u ON u.id = fr.user_id
      LEFT JOIN agents a ON a.id = coalesce(fr.agent_id, u.agent_id)
      ORDER BY ${outer}`;
}

async function recordsPage(db: Db, cond: SQL | undefined, limit: number, offset: number, after?: { createdAt: string; id: number }) {
  const r = rows<RecordRow>(await db.execute(recordsPageSql(cond, limit, offset, after)));
  const last = r[r.length - 1];
  return { items: r.map(toItem), last: last ? { createdAt: last.created_key, id: Number(last.id) } : undefined };
}

/**
 * A fund-record page with the count and sums of the filtered set, in one statement (one round trip).
 * Rows: the page's records, each with `total_n`, `total_in`, `total_out`; a single row of nulls with
 * the totals when the page is empty.
 */
export function fundListSql(q: FundListQuery, ids: FundListIds, opts: { types?: FundType[] } = {}): SQL {
  return sql`SELECT t.n AS total_n, t.amount_in AS total_in, t.amount_out AS total_out, l.*
    FROM (${fundTotalsSql(q, ids, opts)}) t LEFT JOIN LATERAL (${recordsPageSql(fundWhere(q, ids, opts), q.pageSize, (q.pageNum - 1) * q.pageSize)}) l ON true
    ORDER BY l.created_at DESC, l.id DESC`;
}

export async function listFundRecords(db: Db, p: Principal, q: FundListQuery, opts: { types?: FundType[] } = {}) {
  const r = rows<RecordRow & { total_n: string | number; total_in: string; total_out: string }>(
    await db.execute(fundListSql(q, await fundListIds(db, p, q), opts)),
  );
  const list = r.filter((x) => x.id != null).map(toItem);
  const t = r[0];
  const count = Number(t?.total_n ?? 0);
  const amountIn = new Decimal(t?.total_in ?? 0);
  const amountOut = new Decimal(t?.total_out ?? 0);
  return {
    list,
    total: count,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
    totals: { count, amountIn: amountIn.toFixed(2), amountOut: amountOut.toFixed(2), net: amountIn.plus(amountOut).toFixed(2) },
  };
}

export const listTransferRecords = (db: Db, p: Principal, q: FundListQuery) => listFundRecords(db, p, q, { types: TRANSFER_FUND_TYPES });

/** Records of the filters, newest first, in batches (keyset on id), for the CSV export. */
export async function* iterateFundRecords(db: Db, p: Principal, q: Filters, batch = 2000): AsyncGenerator<FundRecordItem[]> {
  const cond = fundWhere(q, await fundListIds(db, p, q));
  let last: { createdAt: string; id: number } | undefined;
  for (;;) {
    const page = await recordsPage(db, cond, batch, 0, last);
    if (!page.items.length) return;
    yield page.items;
    if (page.items.length < batch) return;
    last = page.last;
  }
}
