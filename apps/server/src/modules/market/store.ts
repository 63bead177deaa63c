import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { centsText } from './cents.js';

/** A symbol the feed quotes: a stock (its board and ST flag set its price limit) or an index (no limit). */
export interface FeedSymbol {
  gid: string;
  kind: 'stock' | 'index';
  board?: 'main' | 'star' | 'chinext' | 'bj';
  st?: boolean;
}

/** One quote as the service keeps it: prices in integer cents (fen), volume in shares, turnover in cents. */
export interface Quote {
  gid: string;
  last: number;
  prevClose: number;
  open: number | null;
  high: number | null;
  low: number | null;
  volume: number;
  turnover: number;
  bid: number | null;
  ask: number | null;
  stale: boolean;
  /** Epoch ms of the quote. */
  at: number;
  /** YYYY-MM-DD (Asia/Shanghai) the quote belongs to. */
  tradingDay: string;
}

/** Every quotable symbol: stocks and index products. */
export async function loadSymbols(db: Db): Promise<FeedSymbol[]> {
  const rows = (await db.execute(sql`
    SELECT gid, 'stock' AS kind, board, st FROM stocks
    UNION ALL SELECT gid, 'index' AS kind, NULL, false FROM index_products`)) as unknown as { rows: Record<string, unknown>[] };
  return rows.rows.map((r) => ({
    gid: String(r.gid),
    kind: r.kind === 'index' ? 'index' : 'stock',
    ...(r.board ? { board: r.board as FeedSymbol['board'] } : {}),
    st: Boolean(r.st),
  }));
}

const cents = (v: unknown): number | null => (v == null ? null : Math.round(Number(String(v)) * 100));
const centsOrNull = (c: number | null) => (c == null ? null : centsText(c));

/** The stored quotes (the service starts from them after a restart or a change of leader). */
export async function loadQuotes(db: Db): Promise<Quote[]> {
  const rows = (await db.execute(sql`
    SELECT gid, last, prev_close, open, high, low, volume, turnover, bid, ask, stale, quoted_at, trading_day::text AS trading_day
    FROM quotes`)) as unknown as { rows: Record<string, unknown>[] };
  return rows.rows.map((r) => ({
    gid: String(r.gid),
    last: cents(r.last)!,
    prevClose: cents(r.prev_close)!,
    open: cents(r.open),
    high: cents(r.high),
    low: cents(r.low),
    volume: Number(r.volume),
    turnover: Math.round(Number(String(r.turnover)) * 100),
    bid: cents(r.bid),
    ask: cents(r.ask),
    stale: Boolean(r.stale),
    at: new Date(String(r.quoted_at)).getTime(),
    tradingDay: r.trading_day ? String(r.trading_day) : '',
  }));
}

/**
 * Writes the quotes that changed in one statement (arrays unnested server-side): one round trip per tick
 * however many symbols moved.
 */
export async function saveQuotes(db: Db, quotes: readonly Quote[]): Promise<void> {
  if (!quotes.length) return;
  const col = <T>(f: (q: Quote) => T) => quotes.map(f);
  const arr = (values: unknown[]) => `{${values.map((v) => (v == null ? 'NULL' : `"${String(v)}"`)).join(',')}}`;
  await db.execute(sql`
    INSERT INTO quotes (gid, last, prev_close, open, high, low, change_pct, volume, turnover, bid, ask, stale, quoted_at, trading_day)
    SELECT u.gid, u.last, u.prev_close, u.open, u.high, u.low,
      CASE WHEN u.prev_close > 0 THEN round((u.last - u.prev_close) * 100 / u.prev_close, 4) ELSE 0 END,
      u.volume, u.turnover, u.bid, u.ask, u.stale, to_timestamp(u.at / 1000.0), u.trading_day
    FROM unnest(${arr(col((q) => q.gid))}::text[], ${arr(col((q) => centsOrNull(q.last)))}::numeric[],
      ${arr(col((q) => centsOrNull(q.prevClose)))}::numeric[], ${arr(col((q) => centsOrNull(q.open)))}::numeric[],
      ${arr(col((q) => centsOrNull(q.high)))}::numeric[], ${arr(col((q) => centsOrNull(q.low)))}::numeric[],
      ${arr(col((q) => q.volume))}::bigint[], ${arr(col((q) => centsText(q.turnover)))}::numeric[],
      ${arr(col((q) => centsOrNull(q.bid)))}::numeric[], ${arr(col((q) => centsOrNull(q.ask)))}::numeric[],
      ${arr(col((q) => q.stale))}::boolean[], ${arr(col((q) => q.at))}::bigint[],
      ${arr(col((q) => q.tradingDay || null))}::date[])
      AS u(gid, last, prev_close, open, high, low, volume, turnover, bid, ask, stale, at, trading_day)
    ON CONFLICT (gid) DO UPDATE SET last = EXCLUDED.last, prev_close = EXCLUDED.prev_close, open = EXCLUDED.open,
      high = EXCLUDED.high, low = EXCLUDED.low, change_pct = EXCLUDED.change_pct, volume = EXCLUDED.volume,
      turnover = EXCLUDED.turnover, bid = EXCLUDED.bid, ask = EXCLUDED.ask, stale = EXCLUDED.stale,
      quoted_at = EXCLUDED.quoted_at, trading_day = EXCLUDED.trading_day`);
}

/** Marks every stored quote stale or fresh (the vendor stopped or started answering). */
export async function markAllStale(db: Db, stale: boolean): Promise<void> {
  await db.execute(sql`UPDATE quotes SET stale = ${stale} WHERE stale <> ${stale}`);
}

/**
 * Reference prices of symbols that have no quote yet (demo data, imports): the previous close the feed
 * starts from. A symbol that already has a quote keeps it.
 */
export async function setReferencePrices(db: Db, rows: readonly { gid: string; prevClose: string }[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    const part = rows.slice(i, i + 1000);
    const gids = `{${part.map((r) => `"${r.gid}"`).join(',')}}`;
    const prices = `{${part.map((r) => r.prevClose).join(',')}}`;
    await db.execute(sql`
      INSERT INTO quotes (gid, last, prev_close)
      SELECT g, p, p FROM unnest(${gids}::text[], ${prices}::numeric[]) AS u(g, p)
      ON CONFLICT (gid) DO NOTHING`);
  }
}
