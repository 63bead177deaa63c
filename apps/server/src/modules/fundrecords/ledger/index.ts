import Decimal from 'decimal.js';
import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { agents } from '../../_kit/parties.js';
import { fundRecords, type FundRecordRow } from '../tables.js';
import type { Db } from '../../../db/client.js';
import { rows } from '../../../db/rows.js';
import { fail } from '../../../http/errors.js';
import { effectOf, money, type LedgerEntry } from './effects.js';
import { recordsInsert, type Along } from './batch.js';
import { lockForPosting, type LockedUser } from './locked.js';
import { countPostings, inTransaction } from './tx.js';
import './messages.js';

/**
 * THE LEDGER — the only code that changes a balance (users.user_amt / enable_amt / frozen_amt and
 * agents.balance). Owned by the users/ledger engineer: call it, do not edit it.
 *
 * Balances of a user:
 *   equity (user_amt)   everything the user owns: free cash + held + margin in open positions
 *   enable (enable_amt) free cash, what the user can spend or withdraw
 *   frozen (frozen_amt) cash held for subscriptions, orders, withdrawals in flight
 *
 * Invariant (checked by `npm run ledger:verify`): each balance equals the sum of its deltas over
 * the user's fund records, and every record carries the balances right after it.
 */

/** The records of `entries` applied in order to the locked balances, and the balances after them; refuses going below zero. */
function apply(u: LockedUser, entries: LedgerEntry[]) {
  const effects = entries.map((e) => effectOf(e, 'user'));
  if (u.deletedAt) throw fail('user_not_found');
  if (u.accountType === 0 && effects.some((e) => e.type === 'virtual_credit' || e.type === 'virtual_debit'))
    throw fail('ledger_virtual_on_real');
  let equity = new Decimal(u.userAmt);
  let enable = new Decimal(u.enableAmt);
  let frozen = new Decimal(u.frozenAmt);
  const values: (typeof fundRecords.$inferInsert)[] = [];
  for (const e of effects) {
    equity = equity.plus(e.equity);
    enable = enable.plus(e.enable);
    frozen = frozen.plus(e.frozen);
    if (equity.isNeg() || enable.isNeg() || frozen.isNeg()) {
      throw fail('ledger_insufficient', undefined, {
        enableAmt: money(new Decimal(u.enableAmt)),
        frozenAmt: money(new Decimal(u.frozenAmt)),
        userAmt: money(new Decimal(u.userAmt)),
      });
    }
    values.push({
      userId: u.id,
      ownerAgentId: u.agentId,
      type: e.type,
      amount: money(e.amount),
      equityDelta: money(e.equity),
      enableDelta: money(e.enable),
      frozenDelta: money(e.frozen),
      userAmtAfter: money(equity),
      enableAmtAfter: money(enable),
      frozenAmtAfter: money(frozen),
      reference: e.reference,
      adminId: e.adminId,
      note: e.note,
    });
  }
  return { values, after: { userAmt: money(equity), enableAmt: money(enable), frozenAmt: money(frozen) } };
}

/**
 * Posts entries to an end user's balances, in order, inside the caller's transaction `tx` (one is
 * opened when given the plain database). Locks the user row (`SELECT … FOR UPDATE`), refuses with
 * `fail('ledger_insufficient')` when any balance would go below zero (nothing is written then, and the
 * caller's transaction should roll back), updates the balances and writes one fund record per entry
 * with the balances after it. Returns the records written.
 */
export async function post(tx: Db, userId: number, entries: LedgerEntry[]): Promise<FundRecordRow[]> {
  if (!entries.length) return [];
  entries.forEach((e) => effectOf(e, 'user')); // a bad entry is the caller's error before any lock is taken
  return inTransaction(tx, async (tx) => postLocked(tx, await lockForPosting(tx, userId), entries));
}

/**
 * post() for a user the caller has locked in this transaction (`lockForPosting`, or its own statement selecting
 * LOCKED_USER_COLUMNS … FOR UPDATE): the balances and the records written in one statement (one round trip where
 * an UPDATE and an INSERT took two: issue 64). `u` holds the balances after it.
 */
export async function postLocked(tx: Db, u: LockedUser, entries: LedgerEntry[]): Promise<FundRecordRow[]> {
  if (!entries.length) return [];
  const p = postingCtes(u, entries, { returning: true });
  const written = rows<Record<string, unknown>>(
    await tx.execute(sql`WITH ${p.balances}, ${p.records} SELECT * FROM ledger_records ORDER BY id`),
  );
  p.written();
  return written.map(recordOf);
}

/** A fund record read back raw (RETURNING *), as drizzle maps the table's rows. */
const recordColumns = Object.entries(getTableColumns(fundRecords));
function recordOf(raw: Record<string, unknown>): FundRecordRow {
  const out: Record<string, unknown> = {};
  for (const [key, col] of recordColumns) {
    const v = raw[col.name];
    out[key] = v == null ? null : col.mapFromDriverValue(v);
  }
  return out as FundRecordRow;
}

/**
 * post() as CTEs of the caller's own statement, so that a hot path (a buy: bench/positions B1) writes its rows, the
 * balances and the records in one round trip: the same checks and records. `balances` (the CTE `ledger_balances`,
 * returning the user's id when it wrote) and `records` (`ledger_records`) go in the caller's `WITH`; once the
 * statement has succeeded and wrote them, `written()` updates `u` to the balances after.
 * - `u` locked in this transaction (`lockForPosting`, or the caller's statement selecting LOCKED_USER_COLUMNS … FOR
 *   UPDATE), the default: with `along`, `balances` (placed after the caller's CTE) writes only when that CTE has a row.
 * - `unlocked: { guard }`: `u` as read a moment ago, not locked — `balances` writes only if the row still holds those
 *   balances, owner and account type and meets `guard` (SQL over the users row), in the statement's own row lock;
 *   the caller's CTE reads `ledger_balances` (after it), and `records` follows the caller's CTE as `along` says.
 *   Nothing is written when the row changed meanwhile: the caller then locks it and tries again.
 */
export function postingCtes(
  u: LockedUser,
  entries: LedgerEntry[],
  opts: { along?: Along; unlocked?: { guard: SQL }; returning?: boolean } = {},
): { balances: SQL; records: SQL; written(): void } {
  const { values, after } = apply(u, entries);
  const { unlocked } = opts;
  // unlocked, the records follow the balances' own gate unless the caller's CTE (itself after it) is given
  const along = opts.along ?? (unlocked ? { cte: sql`ledger_balances`, reference: sql`NULL` } : undefined);
  const where = unlocked
    ? sql`id = ${u.id} AND user_amt = ${u.userAmt} AND enable_amt = ${u.enableAmt} AND frozen_amt = ${u.frozenAmt}
          AND account_type = ${u.accountType} AND agent_id IS NOT DISTINCT FROM ${u.agentId}::int AND deleted_at IS NULL
          AND (${unlocked.guard})`
    : sql`id = ${u.id}${along ? sql` AND EXISTS (SELECT 1 FROM ${along.cte})` : sql``}`;
  const balances = sql`ledger_balances AS (
      UPDATE users SET user_amt = ${after.userAmt}, enable_amt = ${after.enableAmt}, frozen_amt = ${after.frozenAmt}, updated_at = now()
      WHERE ${where} RETURNING id)`;
  const records = sql`ledger_records AS (${recordsInsert(
    values.map((v, n) => ({ n, ...recordColumnsOf(v) })),
    along,
  )}${opts.returning ? sql` RETURNING *` : sql``})`;
  return {
    balances,
    records,
    written: () => {
      Object.assign(u, after);
      countPostings('user', values.length);
    },
  };
}

/** A record as the columns of fund_records (recordsInsert's shape). */
const recordColumnsOf = (v: typeof fundRecords.$inferInsert) => ({
  user_id: v.userId,
  agent_id: null,
  owner_agent_id: v.ownerAgentId,
  type: v.type,
  amount: v.amount,
  equity_delta: v.equityDelta,
  enable_delta: v.enableDelta,
  frozen_delta: v.frozenDelta,
  user_amt_after: v.userAmtAfter,
  enable_amt_after: v.enableAmtAfter,
  frozen_amt_after: v.frozenAmtAfter,
  reference: v.reference,
  admin_id: v.adminId,
  note: v.note,
});

/**
 * Posts entries to an agent's balance (types with owner 'agent': agent_credit, agent_debit,
 * agent_commission), with the same rules as post(): row lock, no negative balance, one record each.
 */
export async function postAgent(tx: Db, agentId: number, entries: LedgerEntry[]): Promise<FundRecordRow[]> {
  const effects = entries.map((e) => effectOf(e, 'agent'));
  if (!effects.length) return [];
  return inTransaction(tx, async (tx) => {
    const [a] = await tx
      .select({ balance: agents.balance, deletedAt: agents.deletedAt })
      .from(agents)
      .where(eq(agents.id, agentId))
      .for('update');
    if (!a || a.deletedAt) throw fail('agent_not_found');
    let balance = new Decimal(a.balance);
    const values: (typeof fundRecords.$inferInsert)[] = [];
    for (const e of effects) {
      balance = balance.plus(e.enable);
      if (balance.isNeg()) throw fail('ledger_insufficient', undefined, { balance: money(new Decimal(a.balance)) });
      values.push({
        agentId,
        ownerAgentId: agentId,
        type: e.type,
        amount: money(e.amount),
        equityDelta: money(e.enable),
        enableDelta: money(e.enable),
        frozenDelta: '0.00',
        userAmtAfter: money(balance),
        enableAmtAfter: money(balance),
        frozenAmtAfter: '0.00',
        reference: e.reference,
        adminId: e.adminId,
        note: e.note,
      });
    }
    await tx
      .update(agents)
      .set({ balance: money(balance), updatedAt: sql`now()` })
      .where(eq(agents.id, agentId));
    const rows = await tx.insert(fundRecords).values(values).returning();
    countPostings('agent', rows.length);
    return rows;
  });
}

export { Decimal };
export { postBatch, postAgentBatch } from './batch.js';
export { LOCKED_USER_COLUMNS, lockForPosting, type LockedUser } from './locked.js';
export type { LedgerEntry, Money } from './effects.js';
export { LedgerError } from './effects.js';
export { verifyLedger, type LedgerReport, type LedgerOffender } from './verify.js';
