import Decimal from 'decimal.js';
import { isSt, priceLimitPct, stockBoardOf, type StockBoard, type StockMarket, type StockRisk } from '@stock-admin/contracts';

/**
 * The arithmetic the server does when a position opens (apps/server trading/money.ts `buyCost`), for the
 * create form's live preview: amount = price × shares (half up to cents), margin = amount ÷ leverage
 * rounded UP to cents, fee = max(minFee, amount × buyFeePct %) half up (none when the rate is 0).
 * The spread of the spread rules comes on top and is computed by the server.
 */
export interface CreatePreview {
  amount: string;
  margin: string;
  fee: string;
  /** margin + fee: what the user's free cash gives (before the spread). */
  total: string;
}

const PRICE = /^\d{1,10}(\.\d{1,4})?$/;

export function createPreview(
  input: { price?: string | number | null; shares?: number | null; leverage?: number | null },
  risk: Pick<StockRisk, 'buyFeePct' | 'minFee'> | null | undefined,
): CreatePreview | null {
  const price = input.price == null ? '' : String(input.price).trim();
  const { shares, leverage } = input;
  if (!risk || !PRICE.test(price) || new Decimal(price).isZero()) return null;
  if (!shares || !Number.isInteger(shares) || shares <= 0 || !leverage || !Number.isInteger(leverage) || leverage <= 0) return null;
  const amount = new Decimal(price).times(shares).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  const margin = amount.dividedBy(leverage).toDecimalPlaces(2, Decimal.ROUND_UP);
  const rate = new Decimal(risk.buyFeePct);
  const fee = rate.isZero()
    ? new Decimal(0)
    : Decimal.max(amount.times(rate).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP), new Decimal(risk.minFee));
  return { amount: amount.toFixed(2), margin: margin.toFixed(2), fee: fee.toFixed(2), total: margin.plus(fee).toFixed(2) };
}

/** Today's limit prices around the previous close: ±limit % (board, ST), half up to cents (server `limitsOf`). */
export function limitsOf(
  prevClose: string | null | undefined,
  board: StockBoard,
  st: boolean,
): { up: string; down: string; pct: number } | null {
  if (!prevClose || !/^\d+(\.\d+)?$/.test(prevClose.trim())) return null;
  const pct = priceLimitPct(board, st);
  const p = new Decimal(prevClose);
  const at = (k: number) =>
    p
      .times(100 + k)
      .dividedBy(100)
      .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
      .toFixed(2);
  return { up: at(pct), down: at(-pct), pct };
}

/** The board and ST flag of a stock named by gid (`sh600000`) and name, as the server classifies it. */
export function boardOfGid(gid: string, name = ''): { board: StockBoard; st: boolean } | null {
  const m = /^(sh|sz|bj)(\d{6})$/.exec(gid.trim());
  if (!m) return null;
  const r = stockBoardOf(m[1] as StockMarket, m[2]!);
  return 'board' in r ? { board: r.board, st: isSt(name) } : null;
}

/** Is `price` within [down, up]? Null when either is unknown. */
export function withinLimits(price: string | number | null | undefined, limits: { up: string; down: string } | null): boolean | null {
  const s = price == null ? '' : String(price).trim();
  if (!limits || !PRICE.test(s)) return null;
  const p = new Decimal(s);
  return p.gte(limits.down) && p.lte(limits.up);
}
