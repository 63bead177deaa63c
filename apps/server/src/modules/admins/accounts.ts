import { and, count, desc, eq, gt, ilike, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminRecord, AdminStatus, Lang, Page, addAdminInput, adminListQuery, updateAdminInput } from '@stock-admin/contracts';
import { adminAccounts, adminRoles } from '../_kit/parties.js';
import { adminSessions } from '../session/tables.js';
import type { AppContext, Principal } from '../../app/context.js';
import { fail } from '../../http/errors.js';
import { requirePermission } from '../../http/permissions.js';
import { hashPassword } from '../../lib/password.js';
import { sendSms } from '../logs/index.js';
import { agentScope, assertAgentInScope, isAgentStaff } from '../agents/index.js';
import { revokeSessions } from '../session/index.js';
import { assertAssignableRole } from './grants.js';
import { SMS_TEXTS } from './messages.js';
import { likeContains } from '../../db/like.js';
import { onePage } from '../../db/paging.js';
import { isFkViolation, isUniqueViolation } from '../../db/outage.js';

// Admin accounts (管理列表): list, add, edit, lock, delete, sign out, chat, activation. Their
// authenticator is google.ts; what a role may hand out, grants.ts.

export type AdminRow = typeof adminAccounts.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function statusOf(a: Pick<AdminRow, 'status' | 'expiresAt'>, now = Date.now()): AdminStatus {
  if (a.status !== 'pending') return 'active';
  return a.expiresAt && a.expiresAt.getTime() > now ? 'pending' : 'expired';
}

const onlineSql = sql<boolean>`EXISTS (SELECT 1 FROM admin_sessions s WHERE s.admin_id = ${adminAccounts.id} AND s.revoked_at IS NULL AND s.expires_at > now())`;

function toRecord(ctx: AppContext, a: AdminRow, roleName: string, roleCode: string | null, online: boolean): AdminRecord {
  return {
    id: a.id,
    adminUtopia: a.username,
    adminName: a.name,
    roleId: a.roleId,
    roleName,
    roleCode,
    agentId: a.agentId,
    locked: a.locked,
    status: statusOf(a),
    googleEnabled: a.totpEnabled,
    googlePending: !!a.totpPendingSecret,
    chatEnabled: a.chatEnabled,
    online: !!online,
    isSuper: a.username === ctx.config.SUPER_ACCOUNT,
    phone: a.phone,
    email: a.email,
    avatar: a.avatar,
    lastLoginAt: iso(a.lastLoginAt),
    lastLoginIp: a.lastLoginIp,
    createdAt: a.createdAt.toISOString(),
    expiresAt: a.status === 'pending' ? iso(a.expiresAt) : null,
  };
}

const selectRecord = (ctx: AppContext) =>
  ctx.db
    .select({ a: adminAccounts, roleName: adminRoles.name, roleCode: adminRoles.code, online: onlineSql })
    .from(adminAccounts)
    .innerJoin(adminRoles, eq(adminRoles.id, adminAccounts.roleId));

export async function adminRecordById(ctx: AppContext, id: number): Promise<AdminRecord> {
  const [r] = await selectRecord(ctx).where(eq(adminAccounts.id, id)).limit(1);
  if (!r) throw fail('admin_not_found');
  return toRecord(ctx, r.a, r.roleName, r.roleCode, r.online);
}

/** Agent staff see and manage only the staff bound to an agent of their subtree (agents domain scope). */
function scopeCond(actor: Principal): SQL | undefined {
  return agentScope(actor, adminAccounts.agentId);
}

export async function listAdmins(ctx: AppContext, actor: Principal, q: z.output<typeof adminListQuery>): Promise<Page<AdminRecord>> {
  const where: (SQL | undefined)[] = [scopeCond(actor)];
  if (q.adminName) where.push(ilike(adminAccounts.name, likeContains(q.adminName)));
  if (q.adminUtopia) where.push(ilike(adminAccounts.username, likeContains(q.adminUtopia)));
  if (q.roleId) where.push(eq(adminAccounts.roleId, q.roleId));
  if (q.locked !== undefined) where.push(eq(adminAccounts.locked, q.locked));
  if (q.agentId) where.push(eq(adminAccounts.agentId, q.agentId));
  if (q.status === 'active') where.push(eq(adminAccounts.status, 'active'));
  if (q.status === 'pending') where.push(and(eq(adminAccounts.status, 'pending'), gt(adminAccounts.expiresAt, sql`now()`)));
  if (q.status === 'expired') where.push(and(eq(adminAccounts.status, 'pending'), lte(adminAccounts.expiresAt, sql`now()`)));
  const cond = and(...where.filter((w): w is SQL => !!w));
  const [list, [total]] = await Promise.all([
    onePage(selectRecord(ctx).where(cond).orderBy(desc(adminAccounts.id)).$dynamic(), q),
    ctx.db.select({ n: count() }).from(adminAccounts).where(cond),
  ]);
  return {
    list: list.map((r) => toRecord(ctx, r.a, r.roleName, r.roleCode, r.online)),
    total: Number(total?.n ?? 0),
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

/** The signed-in admin's own record, in the list shape the console reads for the header name. */
export async function currentAdmin(ctx: AppContext, actor: Principal) {
  const r = await adminRecordById(ctx, actor.adminId);
  return { list: [{ id: r.id, adminUtopia: r.adminUtopia, adminName: r.adminName, avatar: r.avatar }], total: 1, pageNum: 1, pageSize: 1 };
}

/** Loads the account an action targets, refusing what the actor may not touch. */
export async function loadTarget(ctx: AppContext, actor: Principal, id: number): Promise<AdminRow> {
  const [a] = await ctx.db
    .select()
    .from(adminAccounts)
    .where(and(eq(adminAccounts.id, id), scopeCond(actor)))
    .limit(1);
  // Outside an agent's subtree: the same answer as a missing account.
  if (!a) throw fail('admin_not_found');
  if (a.username === ctx.config.SUPER_ACCOUNT && !actor.isSuper) throw fail('admin_super_protected');
  return a;
}

async function assertLoginFree(ctx: AppContext, login: string, exceptId?: number) {
  if (login === ctx.config.SUPER_ACCOUNT) throw fail('admin_login_reserved');
  const conds = [eq(adminAccounts.username, login)];
  if (exceptId) conds.push(ne(adminAccounts.id, exceptId));
  const [hit] = await ctx.db
    .select({ id: adminAccounts.id })
    .from(adminAccounts)
    .where(and(...conds))
    .limit(1);
  if (hit) throw fail('admin_login_taken');
}

/** Safe summary of an account for the operation log (no hashes, no secrets). */
function auditView(a: AdminRow) {
  return {
    adminUtopia: a.username,
    adminName: a.name,
    roleId: a.roleId,
    agentId: a.agentId,
    locked: a.locked,
    status: a.status,
    googleEnabled: a.totpEnabled,
    chatEnabled: a.chatEnabled,
    phone: a.phone,
    email: a.email,
  };
}

const changed = (ctx: AppContext, adminId: number) => ctx.hooks.emit('principalsChanged', { adminIds: [adminId] });

export type Audit = (a: { targetId?: string | number | null; before?: unknown; after?: unknown }) => void;

export async function addAdmin(
  ctx: AppContext,
  actor: Principal,
  input: z.output<typeof addAdminInput>,
  audit: Audit,
): Promise<AdminRecord> {
  await assertLoginFree(ctx, input.adminUtopia);
  const role = await assertAssignableRole(ctx, actor, input.roleId);
  // Agent staff create staff bound to their subtree only (their own agent by default).
  const agentId = input.agentId ?? (isAgentStaff(actor) ? actor.agentId : null) ?? null;
  if (agentId != null) await assertAgentInScope(ctx.db, actor, agentId, 'agentId');
  else if (isAgentStaff(actor)) throw fail('admin_outside_scope');
  if (role.code === 'agent' && agentId == null) throw fail('admin_agent_required');
  let id: number;
  try {
    const [row] = await ctx.db
      .insert(adminAccounts)
      .values({
        username: input.adminUtopia,
        name: input.adminName,
        passwordHash: await hashPassword(input.password),
        roleId: role.id,
        agentId,
        phone: input.phone ?? null,
        email: input.email ?? null,
        chatEnabled: input.chatEnabled ?? false,
        passwordChangedAt: new Date(),
      })
      .returning();
    id = row!.id;
    audit({ targetId: id, after: auditView(row!) });
  } catch (e) {
    if (isUniqueViolation(e)) throw fail('admin_login_taken');
    throw e;
  }
  return adminRecordById(ctx, id);
}

export async function updateAdmin(
  ctx: AppContext,
  actor: Principal,
  input: z.output<typeof updateAdminInput>,
  audit: Audit,
): Promise<AdminRecord> {
  const a = await loadTarget(ctx, actor, input.id);
  const set: Partial<typeof adminAccounts.$inferInsert> = {};
  if (input.adminUtopia !== undefined && input.adminUtopia !== a.username) {
    if (a.username === ctx.config.SUPER_ACCOUNT) throw fail('admin_super_login_fixed');
    await assertLoginFree(ctx, input.adminUtopia, a.id);
    set.username = input.adminUtopia;
  }
  if (input.adminName !== undefined) set.name = input.adminName;
  let roleCode: string | null | undefined;
  if (input.roleId !== undefined && input.roleId !== a.roleId) {
    if (a.id === actor.adminId && !actor.isSuper) throw fail('admin_cannot_change_own_role');
    roleCode = (await assertAssignableRole(ctx, actor, input.roleId)).code;
    set.roleId = input.roleId;
  }
  if (input.agentId !== undefined && input.agentId !== a.agentId) {
    if (input.agentId != null) await assertAgentInScope(ctx.db, actor, input.agentId, 'agentId');
    else if (isAgentStaff(actor)) throw fail('admin_outside_scope');
    set.agentId = input.agentId;
  }
  if (roleCode === undefined) {
    const [r] = await ctx.db
      .select({ code: adminRoles.code })
      .from(adminRoles)
      .where(eq(adminRoles.id, set.roleId ?? a.roleId));
    roleCode = r?.code ?? null;
  }
  const agentAfter = set.agentId !== undefined ? set.agentId : a.agentId;
  if (roleCode === 'agent' && agentAfter == null) throw fail('admin_agent_required');
  if (input.phone !== undefined) set.phone = input.phone;
  if (input.email !== undefined) set.email = input.email;
  if (input.password !== undefined) {
    // Your own password changes in account settings, which checks the current one.
    if (a.id === actor.adminId) throw fail('admin_use_account_settings');
    set.passwordHash = await hashPassword(input.password);
    set.passwordChangedAt = new Date();
  }
  set.updatedAt = new Date();
  let row: AdminRow;
  try {
    [row] = (await ctx.db.update(adminAccounts).set(set).where(eq(adminAccounts.id, a.id)).returning()) as [AdminRow];
  } catch (e) {
    if (isUniqueViolation(e)) throw fail('admin_login_taken');
    throw e;
  }
  audit({
    targetId: a.id,
    before: auditView(a),
    after: { ...auditView(row), ...(input.password !== undefined ? { credentialChanged: true } : {}) },
  });
  // A new password ends the account's sessions.
  if (input.password !== undefined) {
    await revokeSessions(ctx, a.id, 'password');
  }
  changed(ctx, a.id);
  return adminRecordById(ctx, a.id);
}

export async function updateLock(
  ctx: AppContext,
  actor: Principal,
  input: { id: number; locked: boolean },
  audit: Audit,
): Promise<AdminRecord> {
  requirePermission(actor, 'managelist', input.locked ? 'disable' : 'enable');
  const a = await loadTarget(ctx, actor, input.id);
  if (a.id === actor.adminId) throw fail('admin_cannot_lock_self');
  if (a.status === 'pending') throw fail('admin_is_pending');
  await ctx.db.update(adminAccounts).set({ locked: input.locked, updatedAt: new Date() }).where(eq(adminAccounts.id, a.id));
  audit({ targetId: a.id, before: { locked: a.locked }, after: { locked: input.locked } });
  // Locking ends the account's sessions at once (its sockets close; its next call gets status 10).
  if (input.locked) await revokeSessions(ctx, a.id, 'lock');
  changed(ctx, a.id);
  return adminRecordById(ctx, a.id);
}

export async function deleteAdmin(ctx: AppContext, actor: Principal, id: number, audit: Audit): Promise<null> {
  const [peek] = await ctx.db.select({ username: adminAccounts.username }).from(adminAccounts).where(eq(adminAccounts.id, id)).limit(1);
  if (peek?.username === ctx.config.SUPER_ACCOUNT) throw fail('admin_cannot_delete_super');
  if (id === actor.adminId) throw fail('admin_cannot_delete_self');
  const a = await loadTarget(ctx, actor, id);
  audit({ targetId: a.id, before: auditView(a) });
  const live = await ctx.db
    .select({ id: adminSessions.id })
    .from(adminSessions)
    .where(and(eq(adminSessions.adminId, a.id), isNull(adminSessions.revokedAt)));
  try {
    // Its sessions go with the row (ON DELETE CASCADE).
    await ctx.db.delete(adminAccounts).where(eq(adminAccounts.id, a.id));
  } catch (e) {
    if (isFkViolation(e)) throw fail('admin_has_records');
    throw e;
  }
  if (live.length) ctx.hooks.emit('sessionsRevoked', { adminId: a.id, sessionIds: live.map((s) => s.id), reason: 'deleted' });
  changed(ctx, a.id);
  return null;
}

export async function offlineAdmin(ctx: AppContext, actor: Principal, id: number, audit: Audit): Promise<{ sessions: number }> {
  const a = await loadTarget(ctx, actor, id);
  const ids = await revokeSessions(ctx, a.id, 'offline');
  audit({ targetId: a.id, after: { sessionsEnded: ids.length } });
  return { sessions: ids.length };
}

export async function updateChat(
  ctx: AppContext,
  actor: Principal,
  input: { id: number; chatEnabled: boolean },
  audit: Audit,
): Promise<AdminRecord> {
  const a = await loadTarget(ctx, actor, input.id);
  await ctx.db.update(adminAccounts).set({ chatEnabled: input.chatEnabled, updatedAt: new Date() }).where(eq(adminAccounts.id, a.id));
  audit({ targetId: a.id, before: { chatEnabled: a.chatEnabled }, after: { chatEnabled: input.chatEnabled } });
  return adminRecordById(ctx, a.id);
}

/** Activates a registration request (super-user) while it is within its 24 hours. */
export async function activateAdmin(
  ctx: AppContext,
  actor: Principal,
  input: { id: number; roleId?: number },
  audit: Audit,
): Promise<AdminRecord> {
  const a = await loadTarget(ctx, actor, input.id);
  if (a.status !== 'pending') throw fail('admin_not_pending');
  const roleId = input.roleId ?? a.roleId;
  const role = await assertAssignableRole(ctx, actor, roleId);
  if (role.code === 'agent' && a.agentId == null) throw fail('admin_agent_required');
  const done = await ctx.db
    .update(adminAccounts)
    .set({
      status: 'active',
      locked: false,
      expiresAt: null,
      activatedAt: new Date(),
      activatedBy: actor.adminId,
      roleId,
      updatedAt: new Date(),
    })
    .where(and(eq(adminAccounts.id, a.id), eq(adminAccounts.status, 'pending'), gt(adminAccounts.expiresAt, sql`now()`)))
    .returning({ id: adminAccounts.id });
  if (!done.length) throw fail('registration_expired');
  audit({ targetId: a.id, before: { status: 'pending', roleId: a.roleId }, after: { status: 'active', roleId } });
  if (a.phone) {
    const lang: Lang = a.lang === 'en-US' ? 'en-US' : 'zh-CN';
    await sendSms(ctx, {
      phone: a.phone,
      kind: 'activation',
      content: SMS_TEXTS.activated[lang].replace('{login}', a.username),
      adminId: actor.adminId,
    });
  }
  changed(ctx, a.id);
  return adminRecordById(ctx, a.id);
}
