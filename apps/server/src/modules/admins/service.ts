import { eq, sql } from 'drizzle-orm';
import { BUILTIN_ROLES, type BuiltinRole } from '@stock-admin/contracts';
import { adminRolePermissions, adminRoles, admins } from '../_kit/parties.js';
import type { Db } from '../../db/client.js';
import { hashPassword } from '../../lib/password.js';
import { BUILTIN_ROLE_GRANTS } from './builtin-roles.js';

/** Creates the built-in roles that are missing; existing roles (and their edits) are left alone. */
export async function ensureBuiltinRoles(db: Db): Promise<void> {
  for (const code of BUILTIN_ROLES) {
    const def = BUILTIN_ROLE_GRANTS[code];
    const inserted = await db
      .insert(adminRoles)
      .values({ code, name: def.zh, describe: def.en, builtin: true })
      .onConflictDoNothing({ target: adminRoles.code })
      .returning({ id: adminRoles.id });
    if (!inserted.length) continue;
    const roleId = inserted[0]!.id;
    const entries = Object.entries(def.grants).map(([permissionKey, actions]) => ({ roleId, permissionKey, actions: [...actions!] }));
    if (entries.length) await db.insert(adminRolePermissions).values(entries);
  }
}

export async function roleIdByCode(db: Db, code: BuiltinRole | string): Promise<number | undefined> {
  const [r] = await db.select({ id: adminRoles.id }).from(adminRoles).where(eq(adminRoles.code, code)).limit(1);
  return r?.id;
}

export async function createAdmin(
  db: Db,
  a: { username: string; name: string; password: string; roleCode?: string; roleId?: number; agentId?: number | null; locked?: boolean },
): Promise<number> {
  const roleId = a.roleId ?? (await roleIdByCode(db, a.roleCode ?? 'admin'));
  if (!roleId) throw new Error(`unknown role ${a.roleCode}`);
  const [row] = await db
    .insert(admins)
    .values({
      username: a.username,
      name: a.name,
      passwordHash: await hashPassword(a.password),
      roleId,
      agentId: a.agentId ?? null,
      locked: a.locked ?? false,
    })
    .returning({ id: admins.id });
  return row!.id;
}

export async function adminCount(db: Db): Promise<number> {
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(admins);
  return r?.n ?? 0;
}
