import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { TradingCalendar } from './calendar.js';
import type { QuoteFeed, TickResult } from './feed.js';
import type { FeedSymbol, Quote } from './store.js';

/**
 * The vendor feed (QUOTE_SOURCE=http). One GET per batch of symbols per interval:
 * `{QUOTE_URL}?symbols=600000.SH,000001.SZ` → `{"data": [{"symbol", "last", "prevClose", "open", "high",
 * "low", "volume", "turnover", "bid", "ask", "time"}]}` (prices as decimal strings or numbers; volume in
 * shares, turnover in yuan; time epoch ms or ISO). How our gids are spelt at the vendor is the
 * QUOTE_SYMBOL_STYLE setting. A request that fails is retried with back-off within the interval; when the
 * vendor has not answered for QUOTE_STALE_MS, every quote is marked stale (shown marked, never traded
 * against) until it answers again.
 */
export type SymbolStyle = 'gid' | 'suffix' | 'prefix';

export function vendorSymbol(gid: string, style: SymbolStyle): string {
  const market = gid.slice(0, 2);
  const code = gid.slice(2);
  if (style === 'suffix') return `${code}.${market.toUpperCase()}`;
  if (style === 'prefix') return `${market.toUpperCase()}${code}`;
  return gid;
}

const num = z.union([z.string(), z.number()]).transform((v) => String(v).trim());
const vendorQuote = z.object({
  symbol: z.string(),
  last: num,
  prevClose: num,
  open: num.nullish(),
  high: num.nullish(),
  low: num.nullish(),
  volume: num.nullish(),
  turnover: num.nullish(),
  bid: num.nullish(),
  ask: num.nullish(),
  time: z.union([z.number(), z.string()]).nullish(),
});
const vendorAnswer = z.object({ data: z.array(z.unknown()) });

const PRICE = /^\d{1,12}(\.\d{1,4})?$/;
const toCents = (v: string | null | undefined): number | null => {
  if (v == null || v === '' || !PRICE.test(v)) return null;
  // the vendor's decimals are parsed digit by digit: no float ever holds the price
  const [i, f = ''] = v.split('.');
  return Number(i) * 100 + Number((f + '00').slice(0, 2)) + (Number(f[2] ?? '0') >= 5 ? 1 : 0);
};

export interface HttpFeedOptions {
  url: string;
  style: SymbolStyle;
  timeoutMs: number;
  staleMs: number;
  /** Retries of a failed request within one tick (0.25 s, 0.5 s, …). */
  retries?: number;
  batchSize?: number;
  calendar: TradingCalendar;
  log: FastifyBaseLogger;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

export class HttpFeed implements QuoteFeed {
  readonly source = 'http' as const;
  private lastSuccess: number | null = null;
  private stale = false;
  private readonly fetch: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly o: HttpFeedOptions) {
    this.fetch = o.fetch ?? globalThis.fetch;
    this.sleep = o.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  }

  async tick(now: number, symbols: readonly FeedSymbol[], book: Map<string, Quote>): Promise<TickResult> {
    const phase = this.o.calendar.phaseAt(now);
    const tradingDay = this.o.calendar.tradingDayAt(now);
    const changed = new Set<Quote>();
    const bySymbol = new Map(symbols.map((s) => [vendorSymbol(s.gid, this.o.style), s.gid]));
    const names = [...bySymbol.keys()];
    const size = this.o.batchSize ?? 500;
    let answered = names.length === 0;
    for (let i = 0; i < names.length; i += size) {
      const rows = await this.fetchBatch(names.slice(i, i + size));
      if (!rows) continue;
      answered = true;
      for (const raw of rows) {
        const v = vendorQuote.safeParse(raw);
        if (!v.success) continue;
        const gid = bySymbol.get(v.data.symbol);
        const last = toCents(v.data.last);
        const prevClose = toCents(v.data.prevClose);
        if (!gid || last == null || prevClose == null) continue;
        const q = this.apply(book, gid, v.data, last, prevClose, now, tradingDay);
        if (q) changed.add(q);
      }
    }
    if (answered) {
      this.lastSuccess = now;
      if (this.stale) {
        this.stale = false;
        this.o.log.info('quote vendor answers again');
        for (const q of book.values()) {
          if (q.stale) {
            q.stale = false;
            changed.add(q);
          }
        }
      }
    } else if (!this.stale && now - (this.lastSuccess ?? now - this.o.staleMs) >= this.o.staleMs) {
      this.stale = true;
      this.o.log.warn({ url: this.o.url }, 'quote vendor not answering: quotes marked stale');
      for (const q of book.values()) {
        if (!q.stale) {
          q.stale = true;
          changed.add(q);
        }
      }
    }
    return { phase, tradingDay, changed: [...changed], stale: this.stale };
  }

  private apply(
    book: Map<string, Quote>,
    gid: string,
    v: z.infer<typeof vendorQuote>,
    last: number,
    prevClose: number,
    now: number,
    tradingDay: string,
  ): Quote | null {
    const at = typeof v.time === 'number' ? v.time : v.time ? Date.parse(v.time) || now : now;
    const next: Quote = {
      gid,
      last,
      prevClose,
      open: toCents(v.open),
      high: toCents(v.high),
      low: toCents(v.low),
      volume: Number(v.volume && /^\d+$/.test(v.volume) ? v.volume : 0),
      turnover: toCents(v.turnover) ?? 0,
      bid: toCents(v.bid),
      ask: toCents(v.ask),
      stale: false,
      at,
      tradingDay,
    };
    const q = book.get(gid);
    if (
      q &&
      !q.stale &&
      q.last === next.last &&
      q.volume === next.volume &&
      q.prevClose === next.prevClose &&
      q.bid === next.bid &&
      q.ask === next.ask
    ) {
      return null;
    }
    if (q) Object.assign(q, next);
    else book.set(gid, next);
    return book.get(gid)!;
  }

  /** One batch, retried with back-off inside the interval; null when the vendor did not answer usefully. */
  private async fetchBatch(names: string[]): Promise<unknown[] | null> {
    const url = new URL(this.o.url);
    url.searchParams.set('symbols', names.join(','));
    const attempts = (this.o.retries ?? 2) + 1;
    for (let a = 0; a < attempts; a++) {
      if (a > 0) await this.sleep(250 * 2 ** (a - 1));
      try {
        const res = await this.fetch(url, { signal: AbortSignal.timeout(this.o.timeoutMs), headers: { accept: 'application/json' } });
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const body = vendorAnswer.safeParse(await res.json());
        if (!body.success) throw new Error('answer is not {data: [...]}');
        return body.data.data;
      } catch (err) {
        this.o.log.debug({ err: (err as Error).message, attempt: a + 1 }, 'quote vendor request failed');
      }
    }
    return null;
  }
}
