import Decimal from 'decimal.js';
import type { ExRightsTerms } from '@stock-admin/contracts/exrights';

/**
 * One position through one corporate action (issue 62) — pure arithmetic, the rules in one place.
 *
 * - Shares: S' = ⌊S × m⌋ with m = (1 + (bonus + transfer) / 10) × split; the fraction f = S × m − S' is settled in cash
 *   at the reference price R (the exchange credits whole shares: the remainder is paid, per holder, in cash).
 * - Cash κ: a long receives the dividend S × d less the tax (a percentage of risk settings, default 0) plus f × R; a
 *   short pays S × d (gross: the borrower owes the whole dividend) plus f × R. Each amount rounds half-up to the fen
 *   per position; a run's total is the sum of its positions' amounts.
 * - Cost: the position's cost (S × cost per share) falls by |κ|, spread over S' shares (cost per share half-up to
 *   4 places). At R the position's P/L is what it was at the previous close P (less a long's tax: a real cost), since
 *   S' × R + f × R = S × (P − d) — so the price's fall is no loss.
 * - Margin: κ moves between free cash and the position's margin (a `dividend` record: free cash ± κ, equity
 *   unchanged). Free cash + margins and the P/L are both unchanged, so the force-close and warning ratios are too.
 *   Only what exists moves: a long's margin, a short's free cash; the rest (`unpaid`) stays in the cost and is settled
 *   when the position closes — value is kept either way.
 * - Take-profit and stop-loss lines map as prices do: x' = (x − d) / m (a line at or under 0 is dropped).
 */

export interface Holding {
  direction: 'long' | 'short';
  shares: number;
  buyPrice: Decimal.Value;
  margin: Decimal.Value;
  takeProfit: string | null;
  stopLoss: string | null;
}

export interface AdjustOptions {
  /** the reference price (yuan) */
  ref: Decimal.Value;
  /** tax withheld from a long's dividend, % */
  taxPct: Decimal.Value;
  /** the holder's free cash still available (a short pays from it) */
  freeCash: Decimal.Value;
}

export interface Adjusted {
  shares: number;
  buyPrice: string;
  margin: string;
  takeProfit: string | null;
  stopLoss: string | null;
  /** the dividend, signed: + a long's (net of tax), − a short's */
  dividend: string;
  tax: string;
  fractionShares: string;
  fractionCash: string;
  /** what moved to (+) or from (−) free cash */
  cash: string;
  /** what could not move (kept in the cost) */
  unpaid: string;
  costBefore: string;
  costAfter: string;
}

const HALF_UP = Decimal.ROUND_HALF_UP;
const fen = (d: Decimal) => d.toDecimalPlaces(2, HALF_UP);
const dec = (v: string | null | undefined) => (v && v.trim() ? new Decimal(v) : null);

/** How many shares one share becomes. */
export function multiplierOf(t: ExRightsTerms): Decimal {
  const per10 = (dec(t.bonusPer10) ?? new Decimal(0)).plus(dec(t.transferPer10) ?? 0);
  return per10
    .dividedBy(10)
    .plus(1)
    .times(dec(t.splitRatio) ?? 1);
}

export class TooFewShares extends Error {}

export function adjustHolding(p: Holding, t: ExRightsTerms, o: AdjustOptions): Adjusted {
  const m = multiplierOf(t);
  const d = dec(t.cashPerShare) ?? new Decimal(0);
  const ref = new Decimal(o.ref);
  const exact = m.times(p.shares);
  const shares = exact.floor().toNumber();
  if (shares < 1) throw new TooFewShares(`${p.shares} shares × ${m.toString()} is less than one share`);
  const fraction = exact.minus(shares);
  const gross = fen(d.times(p.shares));
  const long = p.direction === 'long';
  const tax = long ? fen(gross.times(o.taxPct).dividedBy(100)) : new Decimal(0);
  const fractionCash = fen(fraction.times(ref));
  const due = long ? gross.minus(tax).plus(fractionCash) : gross.plus(fractionCash);
  const margin = new Decimal(p.margin);
  const paid = Decimal.min(due, long ? margin : Decimal.max(new Decimal(o.freeCash), 0));
  const costBefore = new Decimal(p.buyPrice).times(p.shares);
  const costAfter = Decimal.max(costBefore.minus(due), new Decimal(0));
  const buyPrice = Decimal.max(costAfter.dividedBy(shares).toDecimalPlaces(4, HALF_UP), new Decimal('0.0001'));
  const line = (x: string | null) => {
    if (x == null) return null;
    const v = new Decimal(x).minus(d).dividedBy(m).toDecimalPlaces(4, HALF_UP);
    return v.gt(0) ? v.toFixed(4) : null;
  };
  return {
    shares,
    buyPrice: buyPrice.toFixed(4),
    margin: (long ? margin.minus(paid) : margin.plus(paid)).toFixed(2),
    takeProfit: line(p.takeProfit),
    stopLoss: line(p.stopLoss),
    dividend: (long ? gross.minus(tax) : gross.negated()).toFixed(2),
    tax: tax.toFixed(2),
    fractionShares: fraction.toDecimalPlaces(6).toFixed(6),
    fractionCash: fractionCash.toFixed(2),
    cash: (long ? paid : paid.negated()).toFixed(2),
    unpaid: due.minus(paid).toFixed(2),
    costBefore: fen(costBefore).toFixed(2),
    costAfter: fen(buyPrice.times(shares)).toFixed(2),
  };
}
