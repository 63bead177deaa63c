import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { agents, users } from './parties.js';
import type { Db } from '../../db/client.js';
import type { Principal } from '../../app/context.js';
import { fail, invalid } from '../../http/errors.js';

/**
 * Agent scoping (DESIGN §5, architecture "Agent staff only ever see their agent subtree").
 *
 * An admin bound to an agent (`Principal.agentId`) sees only the users and records of that agent's
 * subtree (the agent and every agent below it). Every list, detail, count and change of theirs must
 * add one of these conditions to its SQL. An admin of the `agent` role that is bound to no agent sees
 * nothing. The super account and platform staff (agentId null, another role) are not scoped.
 *
 *   const where = [ …filters, userScope(admin, withdrawals.userId) ];   // undefined entries are ignored by and()
 *   await assertUserInScope(ctx.db, admin, input.userId);              // before reading or changing one user
 */
export type ScopeSubject = Pick<Principal, 'agentId' | 'roleCode' | 'isSuper'> | null | undefined;

/** True when the admin's queries must be limited to an agent subtree (or to nothing). */
export function isAgentStaff(p: ScopeSubject): boolean {
  if (!p || p.isSuper) return false;
  return p.agentId != null || p.roleCode === 'agent';
}

/** The subtree root of an agent staff admin, or null (platform staff, or an unbound agent account). */
export const scopeRootAgentId = (p: ScopeSubject): number | null => (isAgentStaff(p) ? (p!.agentId ?? null) : null);

/** SQL subquery: ids of the agents in the admin's subtree. Only meaningful when isAgentStaff(p). */
export function scopeAgentIdsSql(p: ScopeSubject): SQL {
  const root = scopeRootAgentId(p);
  if (root == null) return sql`(SELECT NULL::int WHERE false)`;
  return sql`(SELECT sa.id FROM agents sa WHERE sa.path @> ARRAY[${root}::int])`;
}

/**
 * Condition on a column holding an agent id (users.agent_id, agents.id, …): the agent must be in the
 * admin's subtree. undefined for unscoped admins.
 */
export function agentScope(p: ScopeSubject, agentIdColumn: AnyPgColumn | SQL): SQL | undefined {
  if (!isAgentStaff(p)) return undefined;
  if (scopeRootAgentId(p) == null) return sql`false`;
  return sql`${agentIdColumn} IN ${scopeAgentIdsSql(p)}`;
}

/**
 * Condition on a column holding a user id (withdrawals.user_id, positions.user_id, …): the user must
 * belong to an agent of the admin's subtree. undefined for unscoped admins.
 */
export function userScope(p: ScopeSubject, userIdColumn: AnyPgColumn | SQL = users.id): SQL | undefined {
  if (!isAgentStaff(p)) return undefined;
  if (scopeRootAgentId(p) == null) return sql`false`;
  return sql`${userIdColumn} IN (SELECT su.id FROM users su WHERE su.agent_id IN ${scopeAgentIdsSql(p)})`;
}

/** True when the user exists (not deleted) and is visible to the admin. */
export async function userInScope(db: Db, p: ScopeSubject, userId: number): Promise<boolean> {
  const [r] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt), agentScope(p, users.agentId)))
    .limit(1);
  return !!r;
}

/**
 * Throws unless the user exists (not deleted) and is visible to the admin — the same answer either
 * way, so agent staff learn nothing about users outside their subtree. With `field` (the input field
 * that named the user) the refusal is status 2 naming it ("userId: no such user"); without, status 1
 * `user_not_found`.
 */
export async function assertUserInScope(db: Db, p: ScopeSubject, userId: number, field?: string): Promise<void> {
  if (!(await userInScope(db, p, userId))) throw field ? invalid(field, 'reason.user_not_found') : fail('user_not_found');
}

/** Throws unless the agent exists and is in the admin's subtree (status 2 naming `field` when given, else status 1 agent_not_found). */
export async function assertAgentInScope(db: Db, p: ScopeSubject, agentId: number, field?: string): Promise<void> {
  const [r] = await db
    .select({ id: agents.id })
    .from(agents)
    .where(and(eq(agents.id, agentId), isNull(agents.deletedAt), agentScope(p, agents.id)))
    .limit(1);
  if (!r) throw field ? invalid(field, 'reason.agent_not_found') : fail('agent_not_found');
}
