import { and, eq, gte, inArray, isNull, like, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Page, UserItem, UserListQuery, userFilters } from '@stock-admin/contracts';
import { isoTimestamp } from '../../db/timestamps.js';
import { users } from '../_kit/parties.js';
import { userCounts, userRegDays } from './tables.js';
import { agentIdLists, listRows, namedFor, treeVersionColumn, visibleAgents, type AgentIdLists } from '../_kit/subtrees.js';
import { DAY, PERIOD_SKIP_MIN_OFFSET, periodSkip, splitDays, timeWindow, wholeRange, type TimeWindow } from '../../db/days.js';
import { literalPage, pageWindow } from '../../db/named.js';
import type { Db } from '../../db/client.js';
import type { Principal } from '../../app/context.js';
import { offsetOf } from '../../db/paging.js';

// The user list's SQL engine: filters and agent scope, the page and its total in one statement (named
// where its plan allows), and the rows it reads (also read by the export, export.ts).

const likePrefix = (s: string) => `${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Agent ids a user-list query needs, resolved first: the admin's scope and the agent filter (the agent
 * alone, or with includeSubAgents its subtree). Remembered subtrees unless `fresh` (_kit/subtrees.ts).
 */
export type UserListIds = AgentIdLists;

export function userListIds(db: Db, p: Principal, q: z.output<typeof userFilters>, opts: { fresh?: boolean } = {}): Promise<UserListIds> {
  return agentIdLists(db, p, q.agentId === undefined ? undefined : { agentId: q.agentId, subAgents: !!q.includeSubAgents }, opts);
}

const inIds = (col: typeof users.agentId | typeof userCounts.agentId, ids: number[]) => (ids.length ? inArray(col, ids) : sql`false`);

/** [from, to) of the registration-time filter: the end time is inclusive to the millisecond (a date alone: to the end of that day). */
const regWindow = (q: z.output<typeof userFilters>): TimeWindow => timeWindow({ beginTime: q.regBeginTime, endTime: q.regEndTime });

// 7 digits or more: at most 10,000 numbers of 11 digits, few enough to fetch by phone and then sort
const PHONE_RANGE_PREFIX = /^\d{7,}$/;

/**
 * Users whose phone starts with `prefix`. A prefix of 7 or more digits is the range [prefix, prefix with
 * its last digit raised by one) read by users_phone_range (migration 0212), so that the named list
 * statement keeps a generic plan; a shorter or other prefix is a LIKE, planned with its value (a prefix
 * matching most users is better served by walking the list's order and filtering).
 */
function phoneFilter(prefix: string): SQL {
  if (!PHONE_RANGE_PREFIX.test(prefix)) return like(users.phone, likePrefix(prefix));
  const to = prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
  return sql`${users.id} IN (SELECT r FROM users_phone_range(${prefix}, ${to}) r)`;
}

/**
 * `column = value` for a filter of a few values (a state, a flag), the value written as a literal: the
 * texts stay few (a value each), and a generic plan sees what a parameter hides: how common the value is
 * (few users pending review, locked or online, not half of them) and the partial indexes it picks
 * (`users_pending_real_idx`, `users_online_idx`).
 */
const isValue = (column: AnyPgColumn, v: number | boolean): SQL =>
  sql`${column} = ${sql.raw(typeof v === 'boolean' ? String(v) : String(Math.trunc(v)))}`;

/** The WHERE of the user list and its export: filters plus the admin's agent scope. */
export function userListWhere(q: z.output<typeof userFilters>, ids: UserListIds, window: TimeWindow = regWindow(q)): SQL | undefined {
  const where: (SQL | undefined)[] = [isNull(users.deletedAt)];
  if (ids.scope) where.push(inIds(users.agentId, ids.scope));
  if (ids.agents) where.push(inIds(users.agentId, ids.agents));
  if (q.phone) where.push(phoneFilter(q.phone));
  if (q.realName) where.push(like(users.realName, likePrefix(q.realName)));
  if (q.accountType !== undefined) where.push(isValue(users.accountType, q.accountType));
  if (q.realState !== undefined) where.push(isValue(users.realState, q.realState));
  if (q.loginLocked !== undefined) where.push(isValue(users.loginLocked, q.loginLocked));
  if (q.tradeLocked !== undefined) where.push(isValue(users.tradeLocked, q.tradeLocked));
  if (q.online !== undefined) where.push(isValue(users.online, q.online));
  if (window.from) where.push(gte(users.regTime, window.from));
  if (window.to) where.push(lt(users.regTime, window.to));
  if (q.layeringId !== undefined) where.push(q.layeringId === 0 ? isNull(users.layeringId) : eq(users.layeringId, q.layeringId));
  return and(...where);
}

/** The list's columns (no secrets: no password hash, no sealed ID number). */
export const LIST_COLUMNS = sql.raw(`u.id, u.phone, u.nick_name, u.real_name, u.id_number_masked, u.account_type, u.agent_id,
  (SELECT an.name FROM agents an WHERE an.id = u.agent_id) AS agent_name, u.referrer_id, u.user_amt, u.enable_amt, u.frozen_amt,
  u.trade_locked, u.login_locked, u.real_state, u.real_reject_reason, u.real_submitted_at, u.reg_time, u.reg_ip, u.layering_id,
  u.layering_pinned, u.online, u.last_login_at, u.remark`);
const SORT_SQL = {
  id: 'id',
  regTime: 'reg_time',
  userAmt: 'user_amt',
  enableAmt: 'enable_amt',
  frozenAmt: 'frozen_amt',
  lastLoginAt: 'last_login_at',
} as const;

export interface ListSqlRow {
  id: number;
  phone: string;
  nick_name: string;
  real_name: string | null;
  id_number_masked: string | null;
  account_type: number;
  agent_id: number | null;
  agent_name: string | null;
  referrer_id: number | null;
  user_amt: string;
  enable_amt: string;
  frozen_amt: string;
  trade_locked: boolean;
  login_locked: boolean;
  real_state: number;
  real_reject_reason: string | null;
  real_submitted_at: Date | string | null;
  reg_time: Date | string;
  reg_ip: string | null;
  layering_id: number | null;
  layering_pinned: boolean;
  online: boolean;
  last_login_at: Date | string | null;
  remark: string;
}
export const listItem = (r: ListSqlRow): UserItem => ({
  id: Number(r.id),
  phone: r.phone,
  nickName: r.nick_name,
  realName: r.real_name,
  idNumber: r.id_number_masked,
  accountType: Number(r.account_type),
  agentId: r.agent_id,
  agentName: r.agent_name,
  referrerId: r.referrer_id,
  userAmt: r.user_amt,
  enableAmt: r.enable_amt,
  frozenAmt: r.frozen_amt,
  tradeLocked: r.trade_locked,
  loginLocked: r.login_locked,
  realState: Number(r.real_state),
  realRejectReason: r.real_reject_reason,
  realSubmittedAt: isoTimestamp(r.real_submitted_at),
  regTime: isoTimestamp(r.reg_time),
  regIp: r.reg_ip,
  layeringId: r.layering_id,
  layeringPinned: r.layering_pinned,
  online: r.online,
  lastLoginAt: isoTimestamp(r.last_login_at),
  remark: r.remark,
});

/**
 * A user-list page and its total in one statement (one round trip): the service runs it; the
 * benchmark runs the same SQL from a plain client. The page is a deferred join: the ids of the page
 * are found first (on the index of the order when there is one: user_balances for the balance orders;
 * agent-scoped first pages merge each agent's first rows), then only those rows are read and joined
 * with their agent's name. Default order: newest registrations first (registration time, then id).
 * Rows: the page's users, each with `total_n`; a single row of nulls with `total_n` when the page is empty.
 */
export function userListSql(q: UserListQuery, ids: UserListIds): SQL {
  const dir = sql.raw(q.sortOrder === 'asc' ? 'ASC' : 'DESC');
  const col = q.sortField ? SORT_SQL[q.sortField] : 'reg_time';
  const outer = col === 'id' ? sql`l.id ${dir}` : sql`l.${sql.raw(col)} ${dir}, l.id ${dir}`;
  return sql`SELECT t.n AS total_n, ${treeVersionColumn(ids)}l.* FROM (${userCountSql(q, ids)}) t LEFT JOIN LATERAL (
      SELECT ${LIST_COLUMNS}
      FROM (${pageIdsSql(q, ids)}) p
      JOIN users u ON u.id = p.id) l ON true
    ORDER BY ${outer}`;
}

/** The ids of a user-list page, in its order (userListSql). */
function pageIdsSql(q: UserListQuery, ids: UserListIds): SQL {
  const dir = sql.raw(q.sortOrder === 'asc' ? 'ASC' : 'DESC');
  const col = q.sortField ? SORT_SQL[q.sortField] : 'reg_time';
  const offset = offsetOf(q);
  const merge = perAgentPage(q, ids);
  if (merge) {
    const c = sql.raw(col);
    // the whole list in a balance order: one index walk of user_balances
    if (merge === 'all')
      return sql`SELECT user_id AS id FROM user_balances ORDER BY ${c} ${dir}, user_id ${dir} ${pageWindow(q.pageSize, offset)}`;
    // an agent-scoped first page: each agent's first rows (users_agent_live_idx, or user_balances), merged
    const each =
      col === 'reg_time'
        ? sql`SELECT id, reg_time FROM users WHERE agent_id = s.agent AND deleted_at IS NULL ORDER BY reg_time ${dir}, id ${dir}`
        : sql`SELECT user_id AS id, ${c} FROM user_balances WHERE agent_id = s.agent ORDER BY ${c} ${dir}, user_id ${dir}`;
    return sql`SELECT x.id FROM unnest(${sql.param(merge)}::int[]) s(agent)
            CROSS JOIN LATERAL (${each} LIMIT ${sql.raw(String(offset + q.pageSize))}) x
            ORDER BY x.${c} ${dir}, x.id ${dir} ${pageWindow(q.pageSize, offset)}`;
  }
  const inner = col === 'id' ? sql`id ${dir}` : sql`${sql.raw(col)} ${dir}, id ${dir}`;
  // deep pages of the whole list in registration order skip whole days counted by user_reg_days
  const skip =
    col === 'reg_time' && offset >= PERIOD_SKIP_MIN_OFFSET && !hasUserFilters(q, ids)
      ? periodSkip(sql`SELECT day AS key, n FROM user_reg_days`, DAY, sql`reg_time`, q.sortOrder === 'asc' ? 'asc' : 'desc', offset)
      : null;
  const where = and(userListWhere(q, ids), skip?.cond);
  return sql`${skip ? sql`WITH ${skip.cte} ` : sql``}SELECT id FROM users ${where ? sql`WHERE ${where}` : sql``}
            ORDER BY ${inner} ${pageWindow(q.pageSize, skip ? skip.offset : offset)}`;
}

const BALANCE_COLUMNS: ReadonlySet<string> = new Set(['user_amt', 'enable_amt', 'frozen_amt']);
// above this many rows merged (agents × rows each), a scoped first page sorts the subtree's users instead
const MERGE_MAX_ROWS = 50_000;

/**
 * How a page of a list narrowed by nothing but the agent scope and filter finds its ids (pageIdsSql):
 * in a balance order, 'all' for the whole list (any page: an index walk of user_balances); in a balance
 * or the registration order, the agents whose first rows a scoped first page merges. Null when the page
 * takes the usual plan (another order or filter, a later page, too many agents).
 */
function perAgentPage(q: UserListQuery, ids: UserListIds): number[] | 'all' | null {
  const col = q.sortField ? SORT_SQL[q.sortField] : 'reg_time';
  const balance = BALANCE_COLUMNS.has(col);
  if ((!balance && col !== 'reg_time') || hasUserFilters(q, { scope: null, agents: null })) return null;
  const agents = visibleAgents(ids);
  if (!agents) return balance ? 'all' : null;
  const offset = offsetOf(q);
  if (!literalPage(q.pageSize, offset)) return null;
  return agents.length * (offset + q.pageSize) <= MERGE_MAX_ROWS ? agents : null;
}

/**
 * Whether the list statement is named (db/named.ts): when it carries no agent ids, or when its page is
 * the per-agent merge, whose plan does not depend on them (one array parameter).
 */
export const userListNamed = (q: UserListQuery, ids: UserListIds): boolean => namedFor(ids) || Array.isArray(perAgentPage(q, ids));

/** Whether any filter or agent scope narrows the list (beyond live users). */
function hasUserFilters(q: z.output<typeof userFilters>, ids: UserListIds, opts: { time?: boolean } = {}): boolean {
  return (
    ids.scope != null ||
    ids.agents != null ||
    !!q.phone ||
    !!q.realName ||
    q.accountType !== undefined ||
    q.realState !== undefined ||
    q.loginLocked !== undefined ||
    q.tradeLocked !== undefined ||
    q.online !== undefined ||
    q.layeringId !== undefined ||
    (opts.time !== false && (!!q.regBeginTime || !!q.regEndTime))
  );
}

/**
 * The list's total. Filters on the coarse columns only (agent, account type, real-name state, locks,
 * tier — and the agent scope) read the exact summary table user_counts (a few thousand rows at most,
 * kept by triggers); a registration-time filter alone reads its whole days from user_reg_days (also
 * exact) and counts only the partial first and last days through the time index; other text, time and
 * online filters count the matching users through their indexes.
 */
export function userCountSql(q: z.output<typeof userFilters>, ids: UserListIds): SQL {
  if (!hasUserFilters(q, ids, { time: false }) && (q.regBeginTime || q.regEndTime)) {
    const { whole: days, pieces } = splitDays(regWindow(q));
    const parts: SQL[] = [];
    if (days) {
      const range = wholeRange(userRegDays.day, days);
      parts.push(sql`SELECT coalesce(sum(n), 0) AS n FROM ${userRegDays} ${range ? sql`WHERE ${range}` : sql``}`);
    }
    for (const window of pieces) parts.push(sql`SELECT count(*) AS n FROM users WHERE ${userListWhere(q, ids, window)}`);
    return sql`SELECT coalesce(sum(n), 0)::bigint AS n FROM (${sql.join(parts, sql` UNION ALL `)}) t`;
  }
  const coarse = !q.phone && !q.realName && q.online === undefined && !q.regBeginTime && !q.regEndTime;
  if (!coarse) {
    const cond = userListWhere(q, ids);
    return sql`SELECT count(*) AS n FROM users ${cond ? sql`WHERE ${cond}` : sql``}`;
  }
  const where: (SQL | undefined)[] = [];
  if (ids.scope) where.push(inIds(userCounts.agentId, ids.scope));
  if (ids.agents) where.push(inIds(userCounts.agentId, ids.agents));
  if (q.accountType !== undefined) where.push(eq(userCounts.accountType, q.accountType));
  if (q.realState !== undefined) where.push(eq(userCounts.realState, q.realState));
  if (q.loginLocked !== undefined) where.push(eq(userCounts.loginLocked, q.loginLocked));
  if (q.tradeLocked !== undefined) where.push(eq(userCounts.tradeLocked, q.tradeLocked));
  if (q.layeringId !== undefined) where.push(eq(userCounts.layeringId, q.layeringId));
  const cond = and(...where);
  return sql`SELECT coalesce(sum(n), 0) AS n FROM user_counts ${cond ? sql`WHERE ${cond}` : sql``}`;
}

export async function listUsers(db: Db, p: Principal, q: UserListQuery): Promise<Page<UserItem>> {
  const r = await listRows<ListSqlRow & { total_n: string | number }>(
    db,
    (opts) => userListIds(db, p, q, opts),
    (ids) => userListSql(q, ids),
    (ids) => userListNamed(q, ids),
  );
  return { list: r.filter((x) => x.id != null).map(listItem), total: Number(r[0]?.total_n ?? 0), pageNum: q.pageNum, pageSize: q.pageSize };
}
