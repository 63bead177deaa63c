import Decimal from 'decimal.js';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  Status,
  type UserDetail,
  type UserItem,
  type addUserInput,
  type updateListInput,
  type updateUserInput,
} from '@stock-admin/contracts';
import { users, type UserRow } from '../_kit/parties.js';
import { userBanks } from './tables.js';
import { rows } from '../../db/rows.js';
import type { Db } from '../../db/client.js';
import type { AppContext, Principal } from '../../app/context.js';
import { AppError, fail, invalid } from '../../http/errors.js';
import { hashPassword } from '../../lib/password.js';
import { post } from '../fundrecords/index.js';
import { agentScope, assertAgentInScope, assertUserInScope, isAgentStaff, scopeRootAgentId } from '../_kit/scope.js';
import { dropUserSessions, revokeUserSessions } from './sessions.js';
import { iso, maskIdNumber, toBankItem, userItemById } from './shapes.js';
import { attachUploads, fileUrl } from './uploads.js';
import './messages.js';
import { isUniqueViolation } from '../../db/outage.js';

// A user's account: what other domains read, creation, detail and changes. The list's SQL is list.ts,
// its export export.ts; bank cards banks.ts, the balance adjustment balance.ts, the real-name review review.ts.

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
// Detail

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
      if (input.loginLocked === true) await revokeUserSessions(ctx, tx, input.id, 'lock');
      else if (passwordHash) await revokeUserSessions(ctx, tx, input.id, 'password');
      // what a cached session carries (agent, tier, real name, locks) may have changed (a revocation drops it too)
      else dropUserSessions(ctx, input.id);
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
    await revokeUserSessions(ctx, tx, id, 'deleted');
  });
  return before;
}

/** `kickOut.do`: ends all app sessions of the user. */
export async function kickOutUser(ctx: AppContext, p: Principal, id: number): Promise<number> {
  await assertUserInScope(ctx.db, p, id, 'id');
  return revokeUserSessions(ctx, ctx.db, id, 'kickout');
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
    if (input.loginLocked === true) for (const id of ids) await revokeUserSessions(ctx, tx, id, 'lock');
    else for (const id of ids) dropUserSessions(ctx, id);
    return { updated: ids.length, before: found };
  });
}
