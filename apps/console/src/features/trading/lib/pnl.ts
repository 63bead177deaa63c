import Decimal from 'decimal.js';
import type { Direction, PositionItem, QuoteTick } from '@stock-admin/contracts';

/**
 * Unrealised P/L of open positions at the live price, computed here as the server computes it
 * (apps/server trading/lists.ts `PNL`, money.ts `pnlOf`): (last − buy price) × shares for a long,
 * reversed for a short, half up to cents; P/L % of the margin to two decimals; net of buy fee, spread
 * and deferral fees. Decimal arithmetic on the wire strings, never floats.
 */
const cents = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

const readable = (v: string | null | undefined): v is string => v != null && /^-?\d+(\.\d+)?$/.test(v.trim());

/** Gross P/L of `shares` bought at `entry` and valued at `last` (null when a price is missing). */
export function pnlAt(direction: Direction, entry: string, last: string | null | undefined, shares: number): string | null {
  if (!readable(entry) || !readable(last)) return null;
  const diff = new Decimal(last).minus(entry).times(shares);
  return cents(direction === 'long' ? diff : diff.negated());
}

/** P/L as a % of the margin, two decimals (null when there is no P/L or no margin). */
export function pnlPctOf(pnl: string | null, margin: string): string | null {
  if (pnl == null || !readable(margin) || new Decimal(margin).isZero()) return null;
  return new Decimal(pnl).times(100).dividedBy(margin).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

/** A position row as the table shows it: the server's row, with the live price and what follows from it. */
export interface PositionView extends PositionItem {
  /** Today's change of the live quote (colours the last price); null for closed positions or without a tick. */
  change: string | null;
  /** True when `last` and the P/L come from a live tick received on this page. */
  live: boolean;
}

/**
 * A position's fields that follow the live quote on screen (livePosition, the line ratio the server computes from the
 * same quote): a reload that moved only these does not flash the row (ListTable's liveFields).
 */
export const POSITION_LIVE_FIELDS = ['last', 'stale', 'change', 'pnl', 'pnlPct', 'netPnl', 'live', 'lineRatioPct', 'lineWarning'] as const;

/**
 * The row at the live quote: an open position takes the tick's last price and stale flag, and its P/L,
 * P/L % and net P/L are recomputed from it; a closed position (realised) and a row without a tick are
 * left as the server sent them.
 */
export function livePosition(p: PositionItem, q: Pick<QuoteTick, 'last' | 'change' | 'stale'> | undefined): PositionView {
  if (p.status !== 'open' || !q) return { ...p, change: null, live: false };
  const pnl = pnlAt(p.direction, p.buyPrice, q.last, p.shares);
  if (pnl == null) return { ...p, change: null, live: false };
  const net = new Decimal(pnl).minus(p.buyFee).minus(p.spread).minus(p.deferralFee);
  return {
    ...p,
    last: q.last,
    stale: q.stale,
    change: q.change,
    pnl,
    pnlPct: pnlPctOf(pnl, p.margin),
    netPnl: cents(net),
    live: true,
  };
}

/** Σ P/L of rows (those without one are skipped); '0.00' for none. */
export function sumPnl(rows: readonly Pick<PositionItem, 'pnl'>[]): string {
  return cents(rows.reduce((s, r) => (r.pnl == null ? s : s.plus(r.pnl)), new Decimal(0)));
}
