import Decimal from 'decimal.js';
import { and, asc, desc, eq, getTableColumns, gte, inArray, isNull, like, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  RealState,
  Status,
  type BankItem,
  type Page,
  type UserDetail,
  type UserItem,
  type UserListQuery,
  type addBankInput,
  type addUserInput,
  type authByAdminInput,
  type updateAmtInput,
  type updateBankInput,
  type updateListInput,
  type updateUserInput,
  type userFilters,
} from '@stock-admin/contracts';
import { isoTimestamp } from '../../db/timestamps.js';
import { userBanks, userCounts, userRegDays, users, type UserBankRow, type UserRow } from '../../db/schema/index.js';
import { agentIdLists, listRows, namedFor, treeVersionColumn, visibleAgents, type AgentIdLists } from '../agents/subtrees.js';
import { DAY, PERIOD_SKIP_MIN_OFFSET, periodSkip, splitDays, timeWindow, wholeRange, type TimeWindow } from '../../db/days.js';
import { rows } from '../../db/migrate.js';
import { literalPage, pageWindow } from '../../db/named.js';
import type { Db } from '../../db/client.js';
import type { AppContext, Principal } from '../../http/context.js';
import { AppError, fail, invalid } from '../../http/errors.js';
import { hashPassword } from '../../lib/password.js';
import { post, type LedgerEntry } from '../../ledger/index.js';
import { agentScope, assertAgentInScope, assertUserInScope, isAgentStaff, scopeRootAgentId } from '../agents/scope.js';
import { notify } from '../../realtime/notify.js';
import { revokeUserSessions } from '../platform/sessions.js';
import { attachUploads, fileUrl } from './uploads.js';
import './messages.js';

// ---------------------------------------------------------------------------------------------
// For other domains

/** A user by id (not deleted), or null. No scope: callers that serve an admin check scope themselves. */
export async function getUser(db: Db, id: number): Promise<UserRow | null> {
  const [u] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return u ?? null;
}

/**
 * A user by id with its row locked until the end of the caller's transaction (`SELECT … FOR UPDATE`);
 * throws fail('user_not_found') when missing or deleted. The ledger's post() may lock it again in the
 * same transaction.
 */
export async function getUserForUpdate(tx: Db, id: number): Promise<UserRow> {
  const [u] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  if (!u || u.deletedAt) throw fail('user_not_found');
  return u;
}

/** A short description of a user for snapshots and notices. */
export const userSummary = (u: Pick<UserRow, 'id' | 'phone' | 'realName' | 'nickName' | 'accountType' | 'agentId'>) => ({
  id: u.id,
  phone: u.phone,
  userName: u.realName || u.nickName || u.phone,
  accountType: u.accountType,
  agentId: u.agentId,
});

/** A user's bank card with the full number (for withdrawal snapshots), or null. */
export async function getUserBank(ctx: AppContext, userId: number, bankId?: number) {
  const [b] = await ctx.db
    .select()
    .from(userBanks)
    .where(and(eq(userBanks.userId, userId), bankId != null ? eq(userBanks.id, bankId) : undefined))
    .orderBy(desc(userBanks.id))
    .limit(1);
  return b
    ? { id: b.id, bankName: b.bankName, branch: b.branch, cardNo: ctx.secrets.open(b.cardNoSealed), holderName: b.holderName }
    : null;
}

/**
 * Open business that forbids deleting a user (pending withdrawals, open positions, subscriptions …):
 * each domain registers a check returning true when the user still has some. `reasonKey` is a
 * registered message key starting with `reason.` naming it (e.g. 'reason.open_positions').
 */
const deleteGuards: { reasonKey: string; check: (tx: Db, userId: number) => Promise<boolean> }[] = [];
export function registerUserDeleteGuard(reasonKey: string, check: (tx: Db, userId: number) => Promise<boolean>): void {
  if (!reasonKey.startsWith('reason.')) throw new Error('reasonKey must start with "reason."');
  deleteGuards.push({ reasonKey, check });
}

// ---------------------------------------------------------------------------------------------
// Shapes

export const maskIdNumber = (v: string) => (v.length > 7 ? `${v.slice(0, 3)}${'*'.repeat(v.length - 7)}${v.slice(-4)}` : '****');
export const maskCard = (last4: string) => `**** **** **** ${last4}`;
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

type ListRow = UserRow & { agentName: string | null };

export function toUserItem(u: ListRow): UserItem {
  return {
    id: u.id,
    phone: u.phone,
    nickName: u.nickName,
    realName: u.realName,
    idNumber: u.idNumberMasked,
    accountType: Number(u.accountType),
    agentId: u.agentId,
    agentName: u.agentName,
    referrerId: u.referrerId,
    userAmt: u.userAmt,
    enableAmt: u.enableAmt,
    frozenAmt: u.frozenAmt,
    tradeLocked: u.tradeLocked,
    loginLocked: u.loginLocked,
    realState: Number(u.realState),
    realRejectReason: u.realRejectReason,
    realSubmittedAt: iso(u.realSubmittedAt),
    regTime: u.regTime.toISOString(),
    regIp: u.regIp,
    layeringId: u.layeringId,
    layeringPinned: u.layeringPinned,
    online: u.online,
    lastLoginAt: iso(u.lastLoginAt),
    remark: u.remark,
  };
}

export function toBankItem(ctx: AppContext, b: UserBankRow, full: boolean): BankItem {
  return {
    id: b.id,
    userId: b.userId,
    bankName: b.bankName,
    branch: b.branch,
    cardNo: full ? ctx.secrets.open(b.cardNoSealed) : maskCard(b.cardLast4),
    cardNoMasked: maskCard(b.cardLast4),
    holderName: b.holderName,
    createdAt: b.createdAt.toISOString(),
    updatedAt: b.updatedAt.toISOString(),
  };
}

const userCols = getTableColumns(users);
// names the outer table explicitly: drizzle leaves columns unqualified in a one-table select list
const agentNameSql = sql<string | null>`(SELECT an.name FROM agents an WHERE an.id = users.agent_id)`;

async function userItemById(db: Db, id: number): Promise<UserItem> {
  const [u] = await db
    .select({ ...userCols, agentName: agentNameSql.as('agent_name') })
    .from(users)
    .where(eq(users.id, id));
  if (!u) throw fail('user_not_found');
  return toUserItem(u as ListRow);
}

// ---------------------------------------------------------------------------------------------
// Creating users (app registration, admin, demo data)

export interface NewUser {
  phone: string;
  /** A plain password, or an argon2 hash already computed (demo data). */
  password?: string;
  passwordHash?: string;
  accountType?: number;
  agentId?: number | null;
  referrerId?: number | null;
  nickName?: string;
  realName?: string | null;
  regIp?: string | null;
  remark?: string;
}

function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string } };
  return (err.code ?? err.cause?.code) === '23505';
}

async function phoneTaken(db: Db, phone: string, exceptId?: number): Promise<boolean> {
  const [r] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, phone), isNull(users.deletedAt), exceptId != null ? sql`${users.id} <> ${exceptId}` : undefined))
    .limit(1);
  return !!r;
}

/** Inserts a user (balances 0; opening money goes through the ledger). Refuses a phone in use. */
export async function createUser(db: Db, u: NewUser): Promise<number> {
  if (await phoneTaken(db, u.phone)) throw fail('user_phone_taken');
  const passwordHash = u.passwordHash ?? (await hashPassword(u.password!));
  try {
    const [r] = await db
      .insert(users)
      .values({
        phone: u.phone,
        passwordHash,
        accountType: u.accountType ?? 0,
        agentId: u.agentId ?? null,
        referrerId: u.referrerId ?? null,
        nickName: u.nickName ?? '',
        realName: u.realName ?? null,
        regIp: u.regIp ?? null,
        remark: u.remark ?? '',
      })
      .returning({ id: users.id });
    return r!.id;
  } catch (e) {
    if (isUniqueViolation(e)) throw fail('user_phone_taken');
    throw e;
  }
}

/** `addSimulatedAccount.do`: a simulated (or real) account, with its opening balance posted through the ledger. */
export async function addUserByAdmin(ctx: AppContext, p: Principal, input: z.output<typeof addUserInput>): Promise<UserItem> {
  let agentId = input.agentId ?? null;
  if (isAgentStaff(p)) {
    agentId ??= scopeRootAgentId(p);
    if (agentId == null) throw fail('user_agent_required');
    // Agent staff may seed simulated accounts, never real money.
    if (input.accountType === 0 && input.amount && !new Decimal(input.amount).isZero()) throw fail('agent_staff_money_forbidden');
  }
  if (agentId != null) await assertAgentInScope(ctx.db, p, agentId, 'agentId');
  const passwordHash = await hashPassword(input.password);
  const id = await ctx.db.transaction(async (tx) => {
    const id = await createUser(tx, {
      phone: input.phone,
      passwordHash,
      accountType: input.accountType,
      agentId,
      nickName: input.nickName,
      realName: input.realName,
      remark: input.remark,
    });
    if (input.amount && !new Decimal(input.amount).isZero()) {
      await post(tx, id, [
        {
          type: 'opening_balance',
          amount: input.amount,
          adminId: p.adminId,
          note: input.accountType === 1 ? 'simulated account' : 'opening balance',
        },
      ]);
    }
    return id;
  });
  return userItemById(ctx.db, id);
}

// ---------------------------------------------------------------------------------------------
// List and detail

const likePrefix = (s: string) => `${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Agent ids a user-list query needs, resolved first: the admin's scope and the agent filter (the agent
 * alone, or with includeSubAgents its subtree). Remembered subtrees unless `fresh` (agents/subtrees.ts).
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
const LIST_COLUMNS = sql.raw(`u.id, u.phone, u.nick_name, u.real_name, u.id_number_masked, u.account_type, u.agent_id,
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

interface ListSqlRow {
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
const listItem = (r: ListSqlRow): UserItem => ({
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
  const offset = (q.pageNum - 1) * q.pageSize;
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
  const offset = (q.pageNum - 1) * q.pageSize;
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

export async function userDetail(ctx: AppContext, p: Principal, id: number): Promise<UserDetail> {
  await assertUserInScope(ctx.db, p, id, 'id');
  const u = (await getUser(ctx.db, id))!;
  const item = await userItemById(ctx.db, id);
  const scoped = isAgentStaff(p);
  const banks = await ctx.db.select().from(userBanks).where(eq(userBanks.userId, id)).orderBy(asc(userBanks.id));
  const path = u.agentId
    ? rows<{ id: number; name: string }>(
        await ctx.db.execute(sql`
          SELECT a.id, a.name FROM agents a, (SELECT path FROM agents WHERE id = ${u.agentId}) s
          WHERE a.id = ANY(s.path) ORDER BY array_position(s.path, a.id)`),
      )
    : [];
  return {
    ...item,
    idNumber: u.idNumberSealed && !scoped ? ctx.secrets.open(u.idNumberSealed) : u.idNumberMasked,
    idFrontUrl: fileUrl(u.idFront),
    idBackUrl: fileUrl(u.idBack),
    realReviewedAt: iso(u.realReviewedAt),
    realReviewedBy: u.realReviewedBy,
    agentPath: path.map((a) => ({ id: Number(a.id), name: a.name })),
    banks: banks.map((b) => toBankItem(ctx, b, !scoped)),
    lastLoginIp: u.lastLoginIp,
    deletedAt: iso(u.deletedAt),
  };
}

// ---------------------------------------------------------------------------------------------
// Changes

/** The agent a user may be moved to by this admin (0/null = none: platform staff only). */
async function checkTargetAgent(db: Db, p: Principal, agentId: number): Promise<number | null> {
  if (agentId === 0) {
    if (isAgentStaff(p)) throw fail('user_agent_required');
    return null;
  }
  await assertAgentInScope(db, p, agentId, 'agentId');
  return agentId;
}

async function checkTier(db: Db, layeringId: number): Promise<number | null> {
  if (layeringId === 0) return null;
  const [r] = rows<{ id: number }>(await db.execute(sql`SELECT id FROM layering_tiers WHERE id = ${layeringId}`));
  if (!r) throw invalid('layeringId', 'reason.layering_not_found');
  return layeringId;
}

/** A before/after summary of the fields an update touched (no secrets). */
function diff(before: UserItem, after: UserItem) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const k of Object.keys(after) as (keyof UserItem)[]) {
    if (JSON.stringify(before[k]) !== JSON.stringify(after[k])) {
      b[k] = before[k];
      a[k] = after[k];
    }
  }
  return { before: b, after: a };
}

export async function updateUser(ctx: AppContext, p: Principal, input: z.output<typeof updateUserInput>) {
  await assertUserInScope(ctx.db, p, input.id, 'id');
  const before = await userItemById(ctx.db, input.id);
  const agentId = input.agentId !== undefined ? await checkTargetAgent(ctx.db, p, input.agentId) : undefined;
  const layeringId = input.layeringId !== undefined ? await checkTier(ctx.db, input.layeringId) : undefined;
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
  if (input.phone !== undefined) set.phone = input.phone;
  if (input.nickName !== undefined) set.nickName = input.nickName;
  if (input.realName !== undefined) set.realName = input.realName;
  if (input.idNumber !== undefined) {
    set.idNumberSealed = ctx.secrets.seal(input.idNumber);
    set.idNumberMasked = maskIdNumber(input.idNumber);
  }
  if (passwordHash) set.passwordHash = passwordHash;
  if (agentId !== undefined) set.agentId = agentId;
  if (layeringId !== undefined) {
    set.layeringId = layeringId;
    // A tier set by hand stays until changed by hand, unless told otherwise.
    set.layeringPinned = input.layeringPinned ?? layeringId != null;
  } else if (input.layeringPinned !== undefined) set.layeringPinned = input.layeringPinned;
  if (input.tradeLocked !== undefined) set.tradeLocked = input.tradeLocked;
  if (input.loginLocked !== undefined) set.loginLocked = input.loginLocked;
  if (input.idFront !== undefined) set.idFront = input.idFront;
  if (input.idBack !== undefined) set.idBack = input.idBack;
  if (input.remark !== undefined) set.remark = input.remark;
  await ctx.db
    .transaction(async (tx) => {
      await getUserForUpdate(tx, input.id);
      if (input.phone && (await phoneTaken(tx, input.phone, input.id))) throw fail('user_phone_taken');
      await attachUploads(
        tx,
        [input.idFront, input.idBack].filter((k): k is string => !!k),
        input.id,
        p.adminId,
      );
      await tx.update(users).set(set).where(eq(users.id, input.id));
      if (input.loginLocked === true) await revokeUserSessions(tx, input.id, 'lock');
      else if (passwordHash) await revokeUserSessions(tx, input.id, 'password');
    })
    .catch((e) => {
      if (isUniqueViolation(e)) throw fail('user_phone_taken');
      throw e;
    });
  const after = await userItemById(ctx.db, input.id);
  const d = diff(before, after);
  if (passwordHash) d.after.pwdReset = true;
  return { item: after, ...d };
}

/**
 * `updateAmt.do` / `virtualUpdateAmt.do`: credits (direction 0) or debits (1) free cash and equity
 * through the ledger with the admin's note. Debits cannot exceed free cash (the ledger refuses).
 * Simulated accounts always get virtual_* records; virtualUpdateAmt refuses real accounts; agent
 * staff may only adjust simulated accounts.
 */
export async function adjustBalance(ctx: AppContext, p: Principal, input: z.output<typeof updateAmtInput>, opts: { virtualOnly: boolean }) {
  await assertUserInScope(ctx.db, p, input.userId, 'userId');
  return ctx.db.transaction(async (tx) => {
    const u = await getUserForUpdate(tx, input.userId);
    const simulated = Number(u.accountType) === 1;
    if (opts.virtualOnly && !simulated) throw fail('user_not_simulated');
    if (!simulated && isAgentStaff(p)) throw fail('agent_staff_money_forbidden');
    const credit = input.direction === 0;
    const type: LedgerEntry['type'] = simulated ? (credit ? 'virtual_credit' : 'virtual_debit') : credit ? 'manual_credit' : 'manual_debit';
    const [rec] = await post(tx, u.id, [{ type, amount: credit ? input.amt : `-${input.amt}`, adminId: p.adminId, note: input.note }]);
    return {
      data: { userId: u.id, userAmt: rec!.userAmtAfter, enableAmt: rec!.enableAmtAfter, frozenAmt: rec!.frozenAmtAfter, recordId: rec!.id },
      before: { userAmt: u.userAmt, enableAmt: u.enableAmt, frozenAmt: u.frozenAmt },
    };
  });
}

/** `authByAdmin.do`: approve (2) or reject (3, reason required) a pending real-name submission, once. */
export async function reviewRealName(ctx: AppContext, p: Principal, input: z.output<typeof authByAdminInput>) {
  await assertUserInScope(ctx.db, p, input.id, 'id');
  const before = await userItemById(ctx.db, input.id);
  await ctx.db.transaction(async (tx) => {
    const u = await getUserForUpdate(tx, input.id);
    if (Number(u.realState) !== RealState.PENDING) throw fail('user_real_not_pending');
    await tx
      .update(users)
      .set({
        realState: input.state,
        realRejectReason: input.state === RealState.REJECTED ? input.reason! : null,
        realReviewedAt: new Date(),
        realReviewedBy: p.adminId,
        updatedAt: new Date(),
      })
      .where(eq(users.id, u.id));
  });
  notify(ctx, { type: 'REAL_REVIEWED', userId: input.id, data: { id: input.id, userId: input.id } });
  const after = await userItemById(ctx.db, input.id);
  return {
    item: after,
    before: { realState: before.realState },
    after: { realState: after.realState, realRejectReason: after.realRejectReason },
  };
}

/** `delete.do`: soft-deletes a user with no money and no open business; records are kept. */
export async function deleteUser(ctx: AppContext, p: Principal, id: number) {
  await assertUserInScope(ctx.db, p, id, 'id');
  const before = await userItemById(ctx.db, id);
  await ctx.db.transaction(async (tx) => {
    const u = await getUserForUpdate(tx, id);
    if (![u.userAmt, u.enableAmt, u.frozenAmt].every((v) => new Decimal(v).isZero())) {
      throw fail('user_has_money', { userAmt: u.userAmt, enableAmt: u.enableAmt, frozenAmt: u.frozenAmt });
    }
    for (const g of deleteGuards) if (await g.check(tx, id)) throw fail('user_has_business', { reason: g.reasonKey });
    await tx.update(users).set({ deletedAt: new Date(), online: false, updatedAt: new Date() }).where(eq(users.id, id));
    await revokeUserSessions(tx, id, 'deleted');
  });
  return before;
}

/** `kickOut.do`: ends all app sessions of the user. */
export async function kickOutUser(ctx: AppContext, p: Principal, id: number): Promise<number> {
  await assertUserInScope(ctx.db, p, id, 'id');
  return revokeUserSessions(ctx.db, id, 'kickout');
}

/** `updateList.do`: the same change on many users, all or nothing. */
export async function updateMany(ctx: AppContext, p: Principal, input: z.output<typeof updateListInput>) {
  const ids = [...new Set(input.ids)];
  const agentId = input.agentId !== undefined ? await checkTargetAgent(ctx.db, p, input.agentId) : undefined;
  const layeringId = input.layeringId !== undefined ? await checkTier(ctx.db, input.layeringId) : undefined;
  return ctx.db.transaction(async (tx) => {
    const found = await tx
      .select({
        id: users.id,
        loginLocked: users.loginLocked,
        tradeLocked: users.tradeLocked,
        agentId: users.agentId,
        layeringId: users.layeringId,
      })
      .from(users)
      .where(and(inArray(users.id, ids), isNull(users.deletedAt), agentScope(p, users.agentId)))
      .orderBy(asc(users.id))
      .for('update');
    const missing = ids.filter((id) => !found.some((f) => f.id === id));
    if (missing.length)
      throw new AppError(Status.INVALID, 'users_not_found', { ids: missing.slice(0, 20).join(',') + (missing.length > 20 ? '…' : '') });
    const set: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
    if (input.loginLocked !== undefined) set.loginLocked = input.loginLocked;
    if (input.tradeLocked !== undefined) set.tradeLocked = input.tradeLocked;
    if (agentId !== undefined) set.agentId = agentId;
    if (layeringId !== undefined) {
      set.layeringId = layeringId;
      set.layeringPinned = layeringId != null;
    }
    await tx.update(users).set(set).where(inArray(users.id, ids));
    if (input.loginLocked === true) for (const id of ids) await revokeUserSessions(tx, id, 'lock');
    return { updated: ids.length, before: found };
  });
}

// ---------------------------------------------------------------------------------------------
// Bank cards

export const MAX_BANK_CARDS = 5;

async function bankOfScope(db: Db, p: Principal, bankId: number): Promise<UserBankRow> {
  const [b] = await db.select().from(userBanks).where(eq(userBanks.id, bankId)).limit(1);
  if (!b) throw fail('user_bank_not_found');
  await assertUserInScope(db, p, b.userId).catch(() => Promise.reject(fail('user_bank_not_found')));
  return b;
}

export async function listBanks(ctx: AppContext, p: Principal, userId: number): Promise<BankItem[]> {
  await assertUserInScope(ctx.db, p, userId, 'userId');
  const banks = await ctx.db.select().from(userBanks).where(eq(userBanks.userId, userId)).orderBy(asc(userBanks.id));
  return banks.map((b) => toBankItem(ctx, b, !isAgentStaff(p)));
}

/** Adds a card to a user (admin or app), or replaces card `replaceId`. Checks the limit and duplicates. */
export async function saveBank(
  ctx: AppContext,
  userId: number,
  card: { bankName: string; branch?: string; cardNo: string; holderName: string },
  replaceId?: number,
): Promise<UserBankRow> {
  return ctx.db.transaction(async (tx) => {
    await getUserForUpdate(tx, userId);
    const mine = await tx.select().from(userBanks).where(eq(userBanks.userId, userId));
    if (replaceId != null && !mine.some((b) => b.id === replaceId)) throw fail('user_bank_not_found');
    if (replaceId == null && mine.length >= MAX_BANK_CARDS) throw fail('user_bank_limit', { max: MAX_BANK_CARDS });
    const dup = mine.some(
      (b) => b.id !== replaceId && b.cardLast4 === card.cardNo.slice(-4) && ctx.secrets.open(b.cardNoSealed) === card.cardNo,
    );
    if (dup) throw fail('user_bank_duplicate');
    const values = {
      bankName: card.bankName,
      branch: card.branch ?? '',
      cardNoSealed: ctx.secrets.seal(card.cardNo),
      cardLast4: card.cardNo.slice(-4),
      holderName: card.holderName,
      updatedAt: new Date(),
    };
    if (replaceId != null) {
      const [b] = await tx.update(userBanks).set(values).where(eq(userBanks.id, replaceId)).returning();
      return b!;
    }
    const [b] = await tx
      .insert(userBanks)
      .values({ userId, ...values })
      .returning();
    return b!;
  });
}

export async function addBankByAdmin(ctx: AppContext, p: Principal, input: z.output<typeof addBankInput>): Promise<BankItem> {
  await assertUserInScope(ctx.db, p, input.userId, 'userId');
  const b = await saveBank(ctx, input.userId, input);
  return toBankItem(ctx, b, !isAgentStaff(p));
}

export async function updateBankByAdmin(ctx: AppContext, p: Principal, input: z.output<typeof updateBankInput>) {
  const old = await bankOfScope(ctx.db, p, input.id);
  const b = await saveBank(
    ctx,
    old.userId,
    {
      bankName: input.bankName ?? old.bankName,
      branch: input.branch ?? old.branch,
      cardNo: input.cardNo ?? ctx.secrets.open(old.cardNoSealed),
      holderName: input.holderName ?? old.holderName,
    },
    old.id,
  );
  const full = !isAgentStaff(p);
  return { item: toBankItem(ctx, b, full), before: { ...toBankItem(ctx, old, false) }, after: { ...toBankItem(ctx, b, false) } };
}

export async function deleteBankByAdmin(ctx: AppContext, p: Principal, id: number) {
  const old = await bankOfScope(ctx.db, p, id);
  await ctx.db.delete(userBanks).where(eq(userBanks.id, id));
  return toBankItem(ctx, old, false);
}

// ---------------------------------------------------------------------------------------------
// Export

/** Users of the filters, newest registrations first, in batches (keyset on registration time and id), for the CSV export. */
export async function* iterateUsers(db: Db, p: Principal, q: z.output<typeof userFilters>, batch = 1000): AsyncGenerator<UserItem[]> {
  const cond = userListWhere(q, await userListIds(db, p, q, { fresh: true }));
  let last: { regTime: string; id: number } | undefined;
  for (;;) {
    const after = last ? sql`(${users.regTime}, ${users.id}) < (${last.regTime}::timestamptz, ${last.id}::int)` : undefined;
    const where = and(cond, after);
    const page = rows<ListSqlRow & { reg_key: string }>(
      await db.execute(sql`SELECT ${LIST_COLUMNS}, u.reg_time::text AS reg_key
        FROM (SELECT id FROM users ${where ? sql`WHERE ${where}` : sql``} ORDER BY reg_time DESC, id DESC LIMIT ${batch}) p
        JOIN users u ON u.id = p.id
        ORDER BY u.reg_time DESC, u.id DESC`),
    );
    if (!page.length) return;
    yield page.map(listItem);
    if (page.length < batch) return;
    const tail = page[page.length - 1]!;
    last = { regTime: tail.reg_key, id: Number(tail.id) };
  }
}
