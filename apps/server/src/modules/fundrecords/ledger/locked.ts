import { sql } from 'drizzle-orm';
import { users } from '../../_kit/parties.js';
import type { Db } from '../../../db/client.js';
import { rows } from '../../../db/rows.js';
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

/**
 * Locks a user's row for posting; refuses a user that is gone. Plain SQL, not drizzle's select builder: every posting
 * that is not folded into a statement of its caller's runs it, and building queries (drizzle's entity checks over
 * each column, selects above all) was 8–9 % of the server's busy time in a 240/s ramp (bench/README, session 86).
 */
export async function lockForPosting(tx: Db, userId: number): Promise<LockedUser> {
  const [u] = rows<LockedRow>(
    await tx.execute(sql`SELECT id, user_amt::text AS user_amt, enable_amt::text AS enable_amt, frozen_amt::text AS frozen_amt,
                                account_type, agent_id, deleted_at
                         FROM users WHERE id = ${userId} FOR UPDATE`),
  );
  if (!u || u.deleted_at != null) throw fail('user_not_found');
  return {
    id: Number(u.id),
    userAmt: u.user_amt,
    enableAmt: u.enable_amt,
    frozenAmt: u.frozen_amt,
    accountType: Number(u.account_type),
    agentId: u.agent_id == null ? null : Number(u.agent_id),
    deletedAt: null,
  };
}

/** The row as node-postgres and PGlite return it (numbers as numbers, the timestamp as either driver gives it). */
interface LockedRow {
  id: number;
  user_amt: string;
  enable_amt: string;
  frozen_amt: string;
  account_type: number;
  agent_id: number | null;
  deleted_at: unknown;
}
