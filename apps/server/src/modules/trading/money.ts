import Decimal from 'decimal.js';
import type { Direction, StockRisk } from '@stock-admin/contracts';

/**
 * The arithmetic of a trade (issue 21, docs/architecture.md "Trading money"). All amounts are Decimals
 * rounded to cents: margins up (the platform is never short of cover), fees and P/L half up.
 */
const cents = (d: Decimal, mode: Decimal.Rounding = Decimal.ROUND_HALF_UP) => d.toDecimalPlaces(2, mode);

/** A fee: `pct` % of the value, at least `minFee` (no fee at all when the rate is 0). */
export function feeOf(value: Decimal.Value, pct: Decimal.Value, minFee: Decimal.Value): Decimal {
  const rate = new Decimal(pct);
  if (rate.isZero()) return new Decimal(0);
  return Decimal.max(cents(new Decimal(value).times(rate).dividedBy(100)), new Decimal(minFee));
}

export interface BuyCost {
  amount: Decimal;
  margin: Decimal;
  fee: Decimal;
  spread: Decimal;
  /** What is held from free cash while the buy waits: margin + fee + spread. */
  hold: Decimal;
}

/** What a buy of `shares` at `price` with `leverage` costs (the spread % from the spread rules). */
export function buyCost(
  price: Decimal.Value,
  shares: number,
  leverage: number,
  risk: Pick<StockRisk, 'buyFeePct' | 'minFee'>,
  spreadPct: Decimal.Value,
): BuyCost {
  const amount = cents(new Decimal(price).times(shares));
  const margin = cents(amount.dividedBy(leverage), Decimal.ROUND_UP);
  const fee = feeOf(amount, risk.buyFeePct, risk.minFee);
  const spread = cents(amount.times(spreadPct).dividedBy(100));
  return { amount, margin, fee, spread, hold: margin.plus(fee).plus(spread) };
}

/** Gross P/L of a position at `exit`: (exit − entry) × shares long, reversed short. */
export function pnlOf(direction: Direction, entry: Decimal.Value, exit: Decimal.Value, shares: number): Decimal {
  const diff = new Decimal(exit).minus(entry).times(shares);
  return cents(direction === 'long' ? diff : diff.negated());
}

export interface Settlement {
  pnl: Decimal;
  sellFee: Decimal;
  stampDuty: Decimal;
  /** pnl − sell fee − stamp duty (deferral fees were charged day by day). */
  net: Decimal;
  /** Back to free cash: margin + net, or what free cash must give when that is negative. */
  toCash: Decimal;
  /** The part of a loss that neither the margin nor the free cash covered (the user's debt). */
  shortfall: Decimal;
  /** How equity moves: net, or −(margin + what free cash gave) when the loss exceeded the margin. */
  equity: Decimal;
}

/** Closing a position at `exit`, the user holding `freeCash`. Balances never go negative: a shortfall becomes a debt. */
export function settle(
  p: { direction: Direction; buyPrice: Decimal.Value; shares: number; margin: Decimal.Value },
  exit: Decimal.Value,
  risk: Pick<StockRisk, 'sellFeePct' | 'stampDutyPct' | 'minFee'>,
  freeCash: Decimal.Value,
): Settlement {
  const value = cents(new Decimal(exit).times(p.shares));
  const pnl = pnlOf(p.direction, p.buyPrice, exit, p.shares);
  const sellFee = feeOf(value, risk.sellFeePct, risk.minFee);
  const stampDuty = cents(value.times(risk.stampDutyPct).dividedBy(100));
  const net = pnl.minus(sellFee).minus(stampDuty);
  const margin = new Decimal(p.margin);
  const back = margin.plus(net);
  if (back.gte(0)) return { pnl, sellFee, stampDuty, net, toCash: back, shortfall: new Decimal(0), equity: net };
  const owed = back.negated();
  const taken = Decimal.min(owed, new Decimal(freeCash));
  return { pnl, sellFee, stampDuty, net, toCash: taken.negated(), shortfall: owed.minus(taken), equity: margin.plus(taken).negated() };
}

/** One overnight day's deferral fee of a position: `pct` % of its buy amount. */
export function deferralOf(buyAmount: Decimal.Value, pct: Decimal.Value): Decimal {
  return cents(new Decimal(buyAmount).times(pct).dividedBy(100));
}

/** Today's limits around the previous close (half up to the tick). */
export function limitsOf(prevClose: Decimal.Value, pct: number): { up: Decimal; down: Decimal } {
  const p = new Decimal(prevClose);
  return {
    up: p
      .times(100 + pct)
      .dividedBy(100)
      .toDecimalPlaces(2, Decimal.ROUND_HALF_UP),
    down: p
      .times(100 - pct)
      .dividedBy(100)
      .toDecimalPlaces(2, Decimal.ROUND_HALF_UP),
  };
}
