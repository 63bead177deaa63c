import Decimal from 'decimal.js';
import { FUND_TYPE_INFO, FUND_TYPES, type FundType } from '@stock-admin/contracts';

/** What a ledger entry is and how it moves each balance: checked once here, for every way of posting. */

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
  // a corporate action's cash moves between free cash and the position's margin (corpactions/adjust.ts): the run states it
  dividend: [0, 1, 0],
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

export interface Effect {
  type: FundType;
  amount: Decimal;
  equity: Decimal;
  enable: Decimal;
  frozen: Decimal;
  reference: string | null;
  adminId: number | null;
  note: string | null;
}

export function effectOf(e: LedgerEntry, owner: 'user' | 'agent'): Effect {
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

export const money = (d: Decimal) => d.toFixed(2);
