import { eq } from 'drizzle-orm';
import { users } from '../../_kit/parties.js';
import type { Db } from '../../../db/client.js';
import { fail } from '../../../http/errors.js';

/** What posting to a user needs of their row, read under its lock (`SELECT … FOR UPDATE`). */
export interface LockedUser {
  id: number;
  userAmt: string;
  enableAmt: string;
  frozenAmt: string;
  accountType: number;
  agentId: number | null;
  deletedAt: Date | null;
}

/** The columns of a LockedUser, for a caller that locks the user row in a statement of its own (with more columns). */
export const LOCKED_USER_COLUMNS = {
  id: users.id,
  userAmt: users.userAmt,
  enableAmt: users.enableAmt,
  frozenAmt: users.frozenAmt,
  accountType: users.accountType,
  agentId: users.agentId,
  deletedAt: users.deletedAt,
};

/** Locks a user's row for posting; refuses a user that is gone. */
export async function lockForPosting(tx: Db, userId: number): Promise<LockedUser> {
  const [u] = await tx.select(LOCKED_USER_COLUMNS).from(users).where(eq(users.id, userId)).for('update');
  if (!u || u.deletedAt) throw fail('user_not_found');
  return u;
}
