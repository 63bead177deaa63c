import { sql } from 'drizzle-orm';
import Decimal from 'decimal.js';

/**
 * The quote columns products show, read from the `quotes` table the market module writes on each tick
 * (joined in SQL so that lists sort on them). Prices are shown with two decimals.
 */
export interface QuoteRow {
  q_last: string;
  q_prev_close: string;
  q_change_pct: string;
  q_turnover: string;
  q_stale: boolean;
}

export const QUOTE_COLUMNS_SQL = sql`q.last AS q_last, q.prev_close AS q_prev_close, q.change_pct AS q_change_pct,
  q.turnover AS q_turnover, q.stale AS q_stale`;

export function quoteColumnsOf(q: QuoteRow | undefined) {
  if (!q || q.q_last == null) return { last: null, prevClose: null, change: null, changePct: null, turnover: null, stale: false };
  const last = new Decimal(q.q_last);
  const prev = new Decimal(q.q_prev_close);
  return {
    last: last.toFixed(2),
    prevClose: prev.toFixed(2),
    change: last.minus(prev).toFixed(2),
    changePct: new Decimal(q.q_change_pct).toFixed(2),
    turnover: new Decimal(q.q_turnover).toFixed(2),
    stale: Boolean(q.q_stale),
  };
}
