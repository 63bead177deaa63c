import { eq } from 'drizzle-orm';
import { ACTIONS, type Action, type PermissionKey } from '@stock-admin/contracts';
import { adminRolePermissions, adminRoles } from '../_kit/parties.js';
import type { AppContext, Principal } from '../../app/context.js';
import { fail } from '../../http/errors.js';
import { can } from '../../http/permissions.js';
import './messages.js';

// What an admin may hand out: a role's grants, and only what the actor holds themselves.

/** A role's grants, by permission key. */
export async function roleGrants(ctx: AppContext, roleId: number): Promise<Map<string, string[]>> {
  const rows = await ctx.db.select().from(adminRolePermissions).where(eq(adminRolePermissions.roleId, roleId));
  return new Map(rows.map((r) => [r.permissionKey, r.actions]));
}

/** A non-super admin may only hand out what they hold themselves. */
export function assertWithinOwn(actor: Principal, grants: Iterable<[string, readonly string[]]>): void {
  for (const [key, actions] of grants) {
    for (const action of actions) {
      if (!(ACTIONS as readonly string[]).includes(action)) continue;
      if (!can(actor, key as PermissionKey, action as Action)) throw fail('role_exceeds_own', { permission: key, action });
    }
  }
}

export async function assertAssignableRole(
  ctx: AppContext,
  actor: Principal,
  roleId: number,
): Promise<{ id: number; code: string | null }> {
  const [role] = await ctx.db
    .select({ id: adminRoles.id, code: adminRoles.code })
    .from(adminRoles)
    .where(eq(adminRoles.id, roleId))
    .limit(1);
  if (!role) throw fail('role_not_found');
  assertWithinOwn(actor, await roleGrants(ctx, roleId));
  return role;
}
