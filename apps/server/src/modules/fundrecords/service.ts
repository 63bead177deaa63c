import Decimal from 'decimal.js';
import { and, eq, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { TRANSFER_FUND_TYPES, type FundListQuery, type FundRecordItem, type FundType, type fundFilters } from '@stock-admin/contracts';
import { isoTimestamp } from '../../db/timestamps.js';
import { fundRecords, fundStats, fundStatsAll, fundStatsDay, fundStatsHour } from './tables.js';
import { rows } from '../../db/rows.js';
import { literalPage, pageWindow } from '../../db/named.js';
import type { Db } from '../../db/client.js';
import type { Principal } from '../../app/context.js';
import { agentIdLists, listRows, namedFor, treeVersionColumn, visibleAgents, type AgentIdLists } from '../_kit/subtrees.js';
import {
  HOUR,
  PERIOD_SKIP_MIN_OFFSET,
  periodSkip,
  splitDays,
  splitHours,
  timeWindow,
  wholeRange,
  type PeriodSkip,
  type TimeWindow,
} from '../../db/days.js';
import { offsetOf } from '../../db/paging.js';

type Filters = z.output<typeof fundFilters>;

/**
 * Agent ids a fund-record query needs, resolved first: the admin's scope and the agent filter's subtree.
 * Remembered subtrees unless `fresh` (_kit/subtrees.ts).
 */
export type FundListIds = AgentIdLists;

export function fundListIds(db: Db, p: Principal, q: Filters, opts: { fresh?: boolean } = {}): Promise<FundListIds> {
  return agentIdLists(db, p, q.agentId === undefined ? undefined : { agentId: q.agentId, subAgents: true }, opts);
}

// one array parameter, so that the statement's text does not depend on how many agents there are
const inIds = (col: typeof fundRecords.ownerAgentId | typeof fundStats.agentId | typeof fundStatsAll.agentId, ids: number[]) =>
  ids.length ? sql`${col} = ANY(${sql.param(ids)}::int[])` : sql`false`;

/**
 * The WHERE of the fund-record list, its totals and its export (on the fund_records table, unaliased):
 * filters plus the admin's scope. Scope and agent filter use owner_agent_id: the agent a record belongs
 * to (the user's current agent, or the agent of an agent record).
 */
export function fundWhere(q: Filters, ids: FundListIds, opts: { types?: FundType[]; window?: TimeWindow } = {}): SQL | undefined {
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

const rawTotals = (cond: SQL | undefined) => sql`
  SELECT count(*) AS n, coalesce(sum(amount) FILTER (WHERE amount > 0), 0) AS amount_in, coalesce(sum(amount) FILTER (WHERE amount < 0), 0) AS amount_out
  FROM fund_records ${cond ? sql`WHERE ${cond}` : sql``}`;

/** The count and sums of the records of a partial hour (no filters but owner and types; migration 0211). */
const pieceTotals = (w: TimeWindow, owner: 'user' | 'agent' | 'all', types: FundType[] | undefined) => sql`
  SELECT n, amount_in, amount_out FROM fund_piece_totals(${w.from?.toISOString() ?? null}::timestamptz, ${w.to?.toISOString() ?? null}::timestamptz,
    ${owner === 'user' ? 'u' : owner === 'agent' ? 'a' : null}::char, ${types ? sql.param(types) : null}::text[])`;

/**
 * Count and sums of the filtered set, exact. Filters that name single users or orders (user, phone,
 * reference, admin) aggregate the matching records through their indexes. The others (type, owner,
 * agent, account type, time, the agent scope) read the whole days of the time range from the summary
 * tables (fund_stats_day, or fund_stats when an agent or account type is involved — fund_stats_all when
 * there is no time range; all kept by triggers in the writing transaction), the whole hours of the partial
 * first and last days from fund_stats_hour (without agent or account type), and only what is left from
 * fund_records.
 */
export function fundTotalsSql(q: Filters, ids: FundListIds, opts: { types?: FundType[] } = {}): SQL {
  const viaStats = q.userId === undefined && !q.phone && !q.reference && q.adminId === undefined;
  if (!viaStats) return rawTotals(fundWhere(q, ids, opts));
  const owner = q.owner ?? 'user';
  const types = typesOf(q, opts);
  // an agent or account type needs fund_stats (per day); otherwise fund_stats_day and fund_stats_hour
  const fine = ids.scope != null || ids.agents != null || q.accountType !== undefined;
  /** The count and sums of a summary table's rows in `range`, under the list's filters. */
  const summary = (t: typeof fundStats | typeof fundStatsAll | typeof fundStatsDay | typeof fundStatsHour, range: (SQL | undefined)[]) => {
    const where: (SQL | undefined)[] = [
      owner === 'user' ? eq(t.owner, 'u') : owner === 'agent' ? eq(t.owner, 'a') : undefined,
      types ? (types.length ? inArray(t.type, types) : sql`false`) : undefined,
      ...range,
    ];
    if (t === fundStats || t === fundStatsAll) {
      if (ids.scope) where.push(inIds(t.agentId, ids.scope));
      if (ids.agents) where.push(inIds(t.agentId, ids.agents));
      if (q.accountType !== undefined) where.push(eq(t.owner, 'u'), eq(t.accountType, q.accountType));
    }
    const cond = and(...where);
    return sql`SELECT coalesce(sum(n), 0) AS n, coalesce(sum(amount_in), 0) AS amount_in, coalesce(sum(amount_out), 0) AS amount_out
               FROM ${t} ${cond ? sql`WHERE ${cond}` : sql``}`;
  };
  const w = timeWindow(q);
  if (fine && !w.from && !w.to) return summary(fundStatsAll, []);
  const { whole: days, pieces } = splitDays(w);
  const parts: SQL[] = [];
  if (days) {
    const t = fine ? fundStats : fundStatsDay;
    parts.push(summary(t, [wholeRange(t.day, days)]));
  }
  // the partial days at either end (or the whole window, within one day): their whole hours from
  // fund_stats_hour when it can answer, the rest from the records
  for (const piece of pieces) {
    const { whole: hours, pieces: rest } = fine ? { whole: null, pieces: [piece] } : splitHours(piece);
    if (hours) parts.push(summary(fundStatsHour, [wholeRange(fundStatsHour.hour, hours)]));
    // a partial hour through fund_piece_totals (migration 0211: so the statement keeps a generic plan);
    // with an agent or account type, a partial day with all the filters
    for (const window of rest) parts.push(fine ? rawTotals(fundWhere(q, ids, { ...opts, window })) : pieceTotals(window, owner, types));
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
  createdAt: isoTimestamp(r.created_at),
});

/**
 * Records of one page joined with their user and agent, newest first (creation time, then id), after
 * the keyset `after` when given (the export). The ids of the page are found first on fund_records alone
 * (an index-only scan for deep pages), then only those rows are read and joined.
 */
export function recordsPageSql(
  cond: SQL | undefined,
  limit: number,
  offset: number | PeriodSkip,
  after?: { createdAt: string; id: number },
  perAgent?: number[],
): SQL {
  const skip = typeof offset === 'number' ? null : offset;
  if (perAgent && typeof offset === 'number') return perAgentPageSql(cond, perAgent, limit, offset);
  const where = and(
    cond,
    skip?.cond,
    after ? sql`(${fundRecords.createdAt}, ${fundRecords.id}) < (${after.createdAt}::timestamptz, ${after.id}::bigint)` : undefined,
  );
  const order = sql`created_at DESC, id DESC`;
  const outer = sql`fr.created_at DESC, fr.id DESC`;
  return sql`
      SELECT ${RECORD_COLUMNS}
      FROM (${skip ? sql`WITH ${skip.cte} ` : sql``}SELECT id FROM fund_records ${where ? sql`WHERE ${where}` : sql``}
            ORDER BY ${order} ${pageWindow(limit, skip ? skip.offset : (offset as number))}) p
      JOIN fund_records fr ON fr.id = p.id
      LEFT JOIN users u ON u.id = fr.user_id
      LEFT JOIN agents a ON a.id = coalesce(fr.agent_id, u.agent_id)
      ORDER BY ${outer}`;
}

const RECORD_COLUMNS = sql`fr.*, fr.created_at::text AS created_key, u.phone AS user_phone, u.real_name AS user_real_name, u.account_type,
             coalesce(fr.agent_id, u.agent_id) AS display_agent_id, a.name AS agent_name`;

/**
 * A first page of an agent-scoped list (recordsPageSql): the newest `offset + limit` records of each agent
 * (owner_agent_id, created_at index), merged. Its cost follows the number of agents, not their records,
 * so one plan suits a small subtree and a large one alike and the statement can be named (listFundRecords).
 */
function perAgentPageSql(cond: SQL | undefined, agents: number[], limit: number, offset: number): SQL {
  const top = sql.raw(String(offset + limit));
  return sql`
      SELECT ${RECORD_COLUMNS}
      FROM (SELECT x.id, x.created_at FROM unnest(${sql.param(agents)}::int[]) s(agent)
            CROSS JOIN LATERAL (SELECT id, created_at FROM fund_records WHERE owner_agent_id = s.agent${cond ? sql` AND ${cond}` : sql``}
                                ORDER BY created_at DESC, id DESC LIMIT ${top}) x
            ORDER BY x.created_at DESC, x.id DESC ${pageWindow(limit, offset)}) p
      JOIN fund_records fr ON fr.id = p.id
      LEFT JOIN users u ON u.id = fr.user_id
      LEFT JOIN agents a ON a.id = coalesce(fr.agent_id, u.agent_id)
      ORDER BY fr.created_at DESC, fr.id DESC`;
}

/** Whether the list is narrowed to single users, orders or admins, or to an account type (filters on other columns than owner, agent, type and time). */
const filtersRecords = (q: Filters) =>
  q.userId !== undefined || !!q.phone || q.accountType !== undefined || !!q.reference || q.adminId !== undefined;

/**
 * The agents whose records an agent-scoped first page merges (perAgentPageSql), or null when the page
 * takes the usual plan: the scope and agent filter are its only narrowing filters besides time and a
 * user owner (agent records are few among an agent's; a type or user filter is better served by its
 * index), and it is one of the first pages.
 */
function perAgentPage(q: FundListQuery, ids: FundListIds, opts: { types?: FundType[] }): number[] | null {
  if (!ids.scope && !ids.agents) return null;
  if ((q.owner ?? 'user') === 'agent' || typesOf(q, opts)) return null;
  if (filtersRecords(q)) return null;
  if (!literalPage(q.pageSize, offsetOf(q))) return null;
  return visibleAgents(ids);
}

/**
 * The offset of a fund-record page: deep pages of lists filtered on owner and type only (the default
 * list among them) skip whole hours counted by fund_stats_hour (db/days.ts); others walk the index.
 */
function pageOffset(q: FundListQuery, ids: FundListIds, opts: { types?: FundType[] }) {
  const offset = offsetOf(q);
  const byDay = ids.scope == null && ids.agents == null && !filtersRecords(q) && !q.beginTime && !q.endTime;
  if (!byDay || offset < PERIOD_SKIP_MIN_OFFSET) return offset;
  const owner = q.owner ?? 'user';
  const types = typesOf(q, opts);
  const cond = and(
    owner === 'user' ? eq(fundStatsHour.owner, 'u') : owner === 'agent' ? eq(fundStatsHour.owner, 'a') : undefined,
    types ? (types.length ? inArray(fundStatsHour.type, types) : sql`false`) : undefined,
  );
  return periodSkip(
    sql`SELECT hour AS key, n FROM ${fundStatsHour} ${cond ? sql`WHERE ${cond}` : sql``}`,
    HOUR,
    sql`created_at`,
    'desc',
    offset,
  );
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
  const agents = perAgentPage(q, ids, opts);
  const page = agents
    ? recordsPageSql(fundWhere(q, { scope: null, agents: null }, opts), q.pageSize, offsetOf(q), undefined, agents)
    : recordsPageSql(fundWhere(q, ids, opts), q.pageSize, pageOffset(q, ids, opts));
  return sql`SELECT t.n AS total_n, t.amount_in AS total_in, t.amount_out AS total_out, ${treeVersionColumn(ids)}l.*
    FROM (${fundTotalsSql(q, ids, opts)}) t LEFT JOIN LATERAL (${page}) l ON true
    ORDER BY l.created_at DESC, l.id DESC`;
}

/**
 * Whether the list statement is named (db/named.ts): when it carries no agent ids, or when its page is
 * the per-agent form, whose plan does not depend on them (the ids are one array parameter).
 */
export const fundListNamed = (q: FundListQuery, ids: FundListIds, opts: { types?: FundType[] } = {}): boolean =>
  namedFor(ids) || perAgentPage(q, ids, opts) != null;

export async function listFundRecords(db: Db, p: Principal, q: FundListQuery, opts: { types?: FundType[] } = {}) {
  const r = await listRows<RecordRow & { total_n: string | number; total_in: string; total_out: string }>(
    db,
    (o) => fundListIds(db, p, q, o),
    (ids) => fundListSql(q, ids, opts),
    (ids) => fundListNamed(q, ids, opts),
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
  const cond = fundWhere(q, await fundListIds(db, p, q, { fresh: true }));
  let last: { createdAt: string; id: number } | undefined;
  for (;;) {
    const page = await recordsPage(db, cond, batch, 0, last);
    if (!page.items.length) return;
    yield page.items;
    if (page.items.length < batch) return;
    last = page.last;
  }
}
