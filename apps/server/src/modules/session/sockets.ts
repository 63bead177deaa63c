import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { PrincipalStore } from '../../app/context.js';
import type { Db } from '../../db/client.js';
import { adminRolePermissions, admins } from '../_kit/parties.js';
import { adminSessions } from './tables.js';

const CHUNK = 5000;

/** Of these sessions, those still valid: not revoked, not expired, their admin not locked (5,000 per statement). */
async function validSessionIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  const valid = new Set<number>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const part = ids.slice(i, i + CHUNK);
    const found = await db
      .select({ id: adminSessions.id })
      .from(adminSessions)
      .innerJoin(admins, eq(admins.id, adminSessions.adminId))
      .where(
        and(
          inArray(adminSessions.id, part),
          isNull(adminSessions.revokedAt),
          gt(adminSessions.expiresAt, sql`now()`),
          eq(admins.locked, false),
        ),
      );
    for (const r of found) valid.add(Number(r.id));
  }
  return valid;
}

/**
 * What the socket hub (realtime/) re-reads about the admins holding sockets: the same data as authenticate() — their
 * role, bound agent and lock, the roles' permission entries, whether a session still holds. app.ts hands it to the hub
 * through the context, so the shared layer reads no domain's tables.
 */
export function principalStore(db: Db): PrincipalStore {
  return {
    validSessionIds: (ids) => validSessionIds(db, ids),
    async admins(ids) {
      const out = [];
      for (let i = 0; i < ids.length; i += CHUNK) {
        out.push(
          ...(await db
            .select({ id: admins.id, roleId: admins.roleId, agentId: admins.agentId, locked: admins.locked, username: admins.username })
            .from(admins)
            .where(inArray(admins.id, ids.slice(i, i + CHUNK)))),
        );
      }
      return out;
    },
    roleGrants: (roleIds) =>
      db
        .select({ roleId: adminRolePermissions.roleId, key: adminRolePermissions.permissionKey, actions: adminRolePermissions.actions })
        .from(adminRolePermissions)
        .where(inArray(adminRolePermissions.roleId, roleIds)),
  };
}
