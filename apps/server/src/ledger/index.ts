import Decimal from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { FUND_TYPE_INFO, FUND_TYPES, type FundType } from '@stock-admin/contracts';
import { agents, fundRecords, users, type FundRecordRow } from '../db/schema/index.js';
import type { Db } from '../db/client.js';
import { fail } from '../http/errors.js';
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

export type Money = Decimal.Value;

export interface LedgerEntry {
  type: FundType;
  /** The headline amount shown on the record, signed: > 0 money in, < 0 money out (see FUND_TYPE_INFO.direction). */
  amount: Money;
  /**
   * How each balance moves. Give none of the three to use the type's default effect (below); give
   * any of them to state the movement exactly (the ones left out move by 0). Examples:
   *   recharge                  { amount: 100 }                                 → enable +100, equity +100
   *   withdrawal, debit at once { type: 'withdraw', amount: -100 }              → enable −100, equity −100
   *   withdrawal, hold first    { type: 'withdraw', amount: -100, enable: -100, frozen: 100 }
   *                  then paid  { type: 'withdraw', amount: -100, frozen: -100, equity: -100 } (or record as you design)
   *   subscription freeze       { type: 'subscription_freeze', amount: -500 }   → enable −500, frozen +500
   *   subscription release      { type: 'subscription_release', amount: 200 }   → enable +200, frozen −200
   *   allotted, paid            { type: 'subscription_pay', amount: -300 }      → frozen −300 (equity unchanged: now a position)
   *   buy margin                { type: 'buy_margin', amount: -1000 }           → enable −1000 (equity unchanged)
   *   order hold / release      { type: 'order_hold', amount: -1050 }           → enable −1050, frozen +1050
   *   sell settlement (P/L −50) { type: 'sell_settlement', amount: 950, enable: 950, equity: -50 }
   */
  equity?: Money;
  enable?: Money;
  frozen?: Money;
  /** Order / position / subscription / withdrawal id the record belongs to. */
  reference?: string | number | null;
  /** The admin who caused it (manual adjustments, reviews). */
  adminId?: number | null;
  note?: string | null;
}

/** Default effect of each type, as multipliers of the signed amount: [equity, enable, frozen]. */
const CASH: [number, number, number] = [1, 1, 0];
const DEFAULT_EFFECT: Record<FundType, [number, number, number]> = {
  recharge: CASH,
  withdraw: CASH,
  withdraw_refund: CASH,
  withdraw_fee: CASH,
  withdraw_fee_refund: CASH,
  manual_credit: CASH,
  manual_debit: CASH,
  virtual_credit: CASH,
  virtual_debit: CASH,
  opening_balance: CASH,
  fee: CASH,
  deferral_fee: CASH,
  dividend: CASH,
  transfer_in: CASH,
  transfer_out: CASH,
  buy_margin: [0, 1, 0],
  margin_add: [0, 1, 0],
  // a buy's margin, fee and spread held while it waits for review, and given back
  order_hold: [0, 1, -1],
  order_release: [0, 1, -1],
  sell_settlement: [0, 1, 0],
  subscription_freeze: [0, 1, -1],
  subscription_release: [0, 1, -1],
  subscription_pay: [0, 0, 1],
  // agents: one balance, kept in the enable column
  agent_credit: [1, 1, 0],
  agent_debit: [1, 1, 0],
  agent_commission: [1, 1, 0],
};

/** A caller's programming error (a bad entry), not a user-facing refusal: surfaces as HTTP 500. */
export class LedgerError extends Error {}

const MAX_ABS = new Decimal('1e17');

function dec(v: Money, what: string): Decimal {
  let d: Decimal;
  try {
    d = new Decimal(v);
  } catch {
    throw new LedgerError(`ledger: ${what} is not a number: ${String(v)}`);
  }
  if (!d.isFinite() || d.decimalPlaces() > 2 || d.abs().gte(MAX_ABS))
    throw new LedgerError(`ledger: ${what} is not a valid amount: ${String(v)}`);
  return d;
}

interface Effect {
  type: FundType;
  amount: Decimal;
  equity: Decimal;
  enable: Decimal;
  frozen: Decimal;
  reference: string | null;
  adminId: number | null;
  note: string | null;
}

function effectOf(e: LedgerEntry, owner: 'user' | 'agent'): Effect {
  if (!(FUND_TYPES as readonly string[]).includes(e.type)) throw new LedgerError(`ledger: unknown fund type ${String(e.type)}`);
  const info = FUND_TYPE_INFO[e.type];
  if (info.owner !== owner) throw new LedgerError(`ledger: ${e.type} moves an ${info.owner} balance, not an ${owner} balance`);
  const amount = dec(e.amount, 'amount');
  if (info.direction === 'in' && !amount.gt(0)) throw new LedgerError(`ledger: ${e.type} needs a positive amount`);
  if (info.direction === 'out' && !amount.lt(0)) throw new LedgerError(`ledger: ${e.type} needs a negative amount`);
  let equity: Decimal, enable: Decimal, frozen: Decimal;
  if (e.equity === undefined && e.enable === undefined && e.frozen === undefined) {
    const [q, n, f] = DEFAULT_EFFECT[e.type];
    [equity, enable, frozen] = [amount.mul(q), amount.mul(n), amount.mul(f)];
  } else {
    equity = dec(e.equity ?? 0, 'equity');
    enable = dec(e.enable ?? 0, 'enable');
    frozen = dec(e.frozen ?? 0, 'frozen');
  }
  if (owner === 'agent') {
    if (!frozen.isZero() || !equity.eq(enable))
      throw new LedgerError('ledger: an agent has one balance (enable); equity must equal it and frozen be 0');
  }
  if (equity.isZero() && enable.isZero() && frozen.isZero() && !amount.isZero())
    throw new LedgerError(`ledger: ${e.type} entry moves no balance`);
  const note = e.note == null ? null : String(e.note).slice(0, 500);
  const reference = e.reference == null ? null : String(e.reference).slice(0, 100);
  return { type: e.type, amount, equity, enable, frozen, reference, adminId: e.adminId ?? null, note };
}

const money = (d: Decimal) => d.toFixed(2);

/** Runs `fn` in the caller's transaction, or opens one when `db` is not a transaction. */
async function inTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  if (db instanceof PgTransaction) return fn(db as unknown as Db);
  return db.transaction((tx) => fn(tx as unknown as Db));
}

/**
 * Posts entries to an end user's balances, in order, inside the caller's transaction `tx` (one is
 * opened when given the plain database). Locks the user row (`SELECT … FOR UPDATE`), refuses with
 * `fail('ledger_insufficient')` when any balance would go below zero (nothing is written then, and the
 * caller's transaction should roll back), updates the balances and writes one fund record per entry
 * with the balances after it. Returns the records written.
 */
export async function post(tx: Db, userId: number, entries: LedgerEntry[]): Promise<FundRecordRow[]> {
  const effects = entries.map((e) => effectOf(e, 'user'));
  if (!effects.length) return [];
  return inTransaction(tx, async (tx) => {
    const [u] = await tx
      .select({
        userAmt: users.userAmt,
        enableAmt: users.enableAmt,
        frozenAmt: users.frozenAmt,
        accountType: users.accountType,
        agentId: users.agentId,
        deletedAt: users.deletedAt,
      })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!u || u.deletedAt) throw fail('user_not_found');
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
        userId,
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
    await tx
      .update(users)
      .set({ userAmt: money(equity), enableAmt: money(enable), frozenAmt: money(frozen), updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    return tx.insert(fundRecords).values(values).returning();
  });
}

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
    return tx.insert(fundRecords).values(values).returning();
  });
}

/**
 * post() for many users at once, one entry per item (a user may appear more than once; their items apply in
 * the order given): the same validation, row locks (taken in id order, so two batches cannot deadlock), refusals
 * and records as calling post() for each item, in four statements whatever the number — for batch operations
 * that move money for tens of thousands of users in one transaction (a batch allotment's refunds). Writes no
 * record and returns 0 when given nothing; returns the number of records written.
 */
export async function postBatch(tx: Db, items: { userId: number; entry: LedgerEntry }[]): Promise<number> {
  const effects = items.map((i) => ({ userId: i.userId, e: effectOf(i.entry, 'user') }));
  if (!effects.length) return 0;
  return inTransaction(tx, async (tx) => {
    const ids = [...new Set(effects.map((x) => x.userId))].sort((a, b) => a - b);
    const locked = await tx
      .select({
        id: users.id,
        userAmt: users.userAmt,
        enableAmt: users.enableAmt,
        frozenAmt: users.frozenAmt,
        accountType: users.accountType,
        agentId: users.agentId,
        deletedAt: users.deletedAt,
      })
      .from(users)
      .where(sql`${users.id} = ANY(${`{${ids.join(',')}}`}::int[])`)
      .orderBy(users.id)
      .for('update');
    const now = new Map(
      locked.map((u) => [u.id, { u, equity: new Decimal(u.userAmt), enable: new Decimal(u.enableAmt), frozen: new Decimal(u.frozenAmt) }]),
    );
    const records: Record<string, unknown>[] = [];
    for (const { userId, e } of effects) {
      const b = now.get(userId);
      if (!b || b.u.deletedAt) throw fail('user_not_found');
      if (b.u.accountType === 0 && (e.type === 'virtual_credit' || e.type === 'virtual_debit')) throw fail('ledger_virtual_on_real');
      b.equity = b.equity.plus(e.equity);
      b.enable = b.enable.plus(e.enable);
      b.frozen = b.frozen.plus(e.frozen);
      if (b.equity.isNeg() || b.enable.isNeg() || b.frozen.isNeg())
        throw fail('ledger_insufficient', undefined, { enableAmt: b.u.enableAmt, frozenAmt: b.u.frozenAmt, userAmt: b.u.userAmt });
      records.push({
        n: records.length,
        user_id: userId,
        owner_agent_id: b.u.agentId,
        type: e.type,
        amount: money(e.amount),
        equity_delta: money(e.equity),
        enable_delta: money(e.enable),
        frozen_delta: money(e.frozen),
        user_amt_after: money(b.equity),
        enable_amt_after: money(b.enable),
        frozen_amt_after: money(b.frozen),
        reference: e.reference,
        admin_id: e.adminId,
        note: e.note,
      });
    }
    const finals = [...now.values()].map((b) => ({
      id: b.u.id,
      user_amt: money(b.equity),
      enable_amt: money(b.enable),
      frozen_amt: money(b.frozen),
    }));
    await tx.execute(sql`
      UPDATE users u SET user_amt = f.user_amt, enable_amt = f.enable_amt, frozen_amt = f.frozen_amt, updated_at = now()
      FROM jsonb_to_recordset(${JSON.stringify(finals)}::jsonb) AS f(id int, user_amt numeric, enable_amt numeric, frozen_amt numeric)
      WHERE u.id = f.id`);
    // in slices: one parameter of a few megabytes at most; ids follow the items' order (the chain check reads them so)
    for (let k = 0; k < records.length; k += 20_000)
      await tx.execute(sql`
        INSERT INTO fund_records (user_id, owner_agent_id, type, amount, equity_delta, enable_delta, frozen_delta,
                                  user_amt_after, enable_amt_after, frozen_amt_after, reference, admin_id, note)
        SELECT user_id, owner_agent_id, type, amount, equity_delta, enable_delta, frozen_delta,
               user_amt_after, enable_amt_after, frozen_amt_after, reference, admin_id, note
        FROM jsonb_to_recordset(${JSON.stringify(records.slice(k, k + 20_000))}::jsonb) AS r(
          n int, user_id int, owner_agent_id int, type text, amount numeric, equity_delta numeric, enable_delta numeric, frozen_delta numeric,
          user_amt_after numeric, enable_amt_after numeric, frozen_amt_after numeric, reference text, admin_id int, note text)
        ORDER BY n`);
    return records.length;
  });
}

export { Decimal };
export { verifyLedger, type LedgerReport, type LedgerOffender } from './verify.js';
