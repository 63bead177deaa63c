import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { adminSessions, admins } from '../db/schema/index.js';

/** Of these sessions, those still valid: not revoked, not expired, their admin not locked (5,000 per statement). */
export async function validSessionIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  const valid = new Set<number>();
  for (let i = 0; i < ids.length; i += 5000) {
    const part = ids.slice(i, i + 5000);
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
