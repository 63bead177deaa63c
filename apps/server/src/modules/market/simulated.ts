import { priceLimitPct } from '@stock-admin/contracts';
import { TradingCalendar, shanghaiTime } from './calendar.js';
import { limitsOf, type QuoteFeed, type TickResult } from './feed.js';
import type { FeedSymbol, Quote } from './store.js';

/**
 * The simulated feed (QUOTE_SOURCE=simulated, the default): a seeded random walk per symbol over the
 * trading calendar. Every random draw is a pure function of (seed, symbol, day, step), so the same seed
 * and the same clock give the same prices on any machine. Prices are integer cents (the 0.01 tick);
 * the walk's latent level is a float, but only its rounding to the tick is ever published. Stocks never
 * cross their board's daily limit; indices have none.
 */

/** 32-bit FNV-1a: a symbol's or seed's stable number. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A small, fast, well-mixed generator (mulberry32) started from one 32-bit number. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const mix = (a: number, b: number, c: number) => (Math.imul(a ^ Math.imul(b, 0x9e3779b1), 0x85ebca77) ^ Math.imul(c, 0xc2b2ae3d)) >>> 0;

function normal(r: () => number): number {
  const u = Math.max(r(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * r());
}

interface SimState {
  /** The symbol's stable number, daily volatility and typical hands per step (fixed per symbol). */
  h: number;
  vol: number;
  lots: number;
  /** The walk's level in cents (published rounded to the tick). */
  level: number;
  /** Last step applied today (-1: none yet). */
  step: number;
  day: string;
}

export interface SimulatedFeedOptions {
  seed: string;
  intervalMs: number;
  calendar: TradingCalendar;
}

/** At most this many steps are replayed when the clock jumps (a stalled process, a restart mid-day). */
const MAX_CATCH_UP = 200;
const INDEX_SHARE_CENTS = 1500;

export class SimulatedFeed implements QuoteFeed {
  readonly source = 'simulated' as const;
  private readonly seed: number;
  private readonly state = new Map<string, SimState>();
  private readonly stepSeconds: number;
  private readonly stepsPerDay: number;

  constructor(private readonly o: SimulatedFeedOptions) {
    this.seed = hash32(o.seed);
    this.stepSeconds = Math.max(o.intervalMs / 1000, 0.05);
    this.stepsPerDay = o.calendar.secondsPerDay / this.stepSeconds;
  }

  /** A symbol's first previous close when nothing was stored for it: 3.00 … 80.00 yuan, or 1 000 … 5 000 points. */
  referencePrice(s: FeedSymbol): number {
    const r = rng(mix(this.seed, hash32(s.gid), 7))();
    return s.kind === 'index' ? Math.round(100_000 + r * 400_000) : Math.round(300 + r * 7_700);
  }

  forget(gids: readonly string[]): void {
    for (const g of gids) this.state.delete(g);
  }

  rebase(gid: string, factor: number): void {
    const st = this.state.get(gid);
    if (st) st.level *= factor;
  }

  async tick(now: number, symbols: readonly FeedSymbol[], book: Map<string, Quote>): Promise<TickResult> {
    const cal = this.o.calendar;
    const phase = cal.phaseAt(now);
    const tradingDay = cal.tradingDayAt(now);
    const local = shanghaiTime(now);
    const today = local.day === tradingDay;
    const opened = today && local.seconds >= cal.openPriceAt;
    // step k trades at k·interval seconds of continuous trading: while trading, steps 0 … ⌊e/interval⌋
    // have happened; in the break and after the close, those before the boundary
    const e = cal.tradingSecondsAt(now);
    const target = !opened ? -1 : phase === 'open' ? Math.floor(e / this.stepSeconds) : Math.ceil(e / this.stepSeconds) - 1;
    const dayNumber = Math.floor(Date.parse(`${tradingDay}T00:00:00Z`) / 86_400_000);
    const changed: Quote[] = [];
    for (const s of symbols) {
      let q = book.get(s.gid);
      let moved = false;
      if (!q) {
        const p = this.referencePrice(s);
        q = {
          gid: s.gid,
          last: p,
          prevClose: p,
          open: null,
          high: null,
          low: null,
          volume: 0,
          turnover: 0,
          bid: null,
          ask: null,
          stale: false,
          at: now,
          tradingDay,
        };
        book.set(s.gid, q);
        moved = true;
      }
      if (q.tradingDay !== tradingDay) {
        // the day roll: yesterday's last is today's previous close
        if (q.tradingDay) q.prevClose = q.last;
        q.tradingDay = tradingDay;
        q.open = q.high = q.low = q.bid = q.ask = null;
        q.volume = q.turnover = 0;
        moved = true;
      }
      let st = this.state.get(s.gid);
      if (!st || st.day !== tradingDay) {
        st = { h: hash32(s.gid), vol: this.volatility(s), lots: this.baseLots(s), level: q.last, step: -1, day: tradingDay };
        this.state.set(s.gid, st);
        // a quote already past some steps (a restart mid-day) continues from its last price
        if (q.open != null && target >= 0) st.step = phase === 'open' ? target - 1 : target;
      }
      const pct = s.kind === 'index' ? null : priceLimitPct(s.board ?? 'main', Boolean(s.st));
      const lim = pct == null ? null : limitsOf(q.prevClose, pct);
      if (opened && q.open == null) {
        moved = this.auctionOpen(s, q, st, dayNumber, lim) || moved;
      }
      if (target > st.step) {
        const from = Math.max(st.step + 1, target - MAX_CATCH_UP + 1);
        for (let k = from; k <= target; k++) this.step(s, q, st, dayNumber, k, lim);
        st.step = target;
        moved = true;
      }
      if (moved) {
        q.at = now;
        changed.push(q);
      }
    }
    return { phase, tradingDay, changed, stale: false };
  }

  private volatility(s: FeedSymbol): number {
    // daily volatility 1.5 % … 4 % for stocks, 0.8 % … 1.5 % for indices: fixed per symbol
    const r = rng(mix(this.seed, hash32(s.gid), 11))();
    return s.kind === 'index' ? 0.008 + r * 0.007 : 0.015 + r * 0.025;
  }

  private auctionOpen(s: FeedSymbol, q: Quote, st: SimState, dayNumber: number, lim: { up: number; down: number } | null): boolean {
    const r = rng(mix(this.seed ^ dayNumber, st.h, 0x0a0c));
    const gap = normal(r) * st.vol * 0.5;
    let open = Math.round(q.prevClose * Math.exp(gap));
    if (lim) open = Math.min(Math.max(open, lim.down), lim.up);
    open = Math.max(open, 1);
    const lots = Math.floor(((r() * r() * st.lots * 20) / this.stepSeconds) * 3) + 1;
    q.open = q.high = q.low = q.last = open;
    st.level = open;
    this.trade(s, q, lots, lim);
    return true;
  }

  /** Typical hands traded per step (scaled to the step's length, so a day's volume does not depend on the interval). */
  private baseLots(s: FeedSymbol): number {
    const r = rng(mix(this.seed, hash32(s.gid), 13))();
    return ((s.kind === 'index' ? 200_000 + r * 800_000 : 20 + r * 2_000) * this.stepSeconds) / 3;
  }

  private step(s: FeedSymbol, q: Quote, st: SimState, dayNumber: number, k: number, lim: { up: number; down: number } | null): void {
    const r = rng(mix(this.seed ^ dayNumber, st.h, k + 1));
    const sigma = st.vol / Math.sqrt(this.stepsPerDay);
    // a gentle pull towards the previous close keeps a month of walking within plausible ranges
    const pull = (-0.02 * Math.log(st.level / q.prevClose)) / this.stepsPerDay;
    st.level *= Math.exp(pull + sigma * normal(r));
    if (lim) st.level = Math.min(Math.max(st.level, lim.down), lim.up);
    st.level = Math.max(st.level, 1);
    const last = Math.round(st.level);
    q.last = last;
    if (q.high == null || last > q.high) q.high = last;
    if (q.low == null || last < q.low) q.low = last;
    if (q.open == null) q.open = last;
    this.trade(s, q, Math.floor(r() * r() * st.lots) + 1, lim);
  }

  /** Adds a trade of `lots` hands at the last price and sets the best bid and ask around it. */
  private trade(s: FeedSymbol, q: Quote, lots: number, lim: { up: number; down: number } | null): void {
    const shares = lots * 100;
    q.volume += shares;
    // an index's turnover is its constituents' (in yuan, not points): priced here at a typical 15 yuan
    q.turnover += shares * (s.kind === 'index' ? INDEX_SHARE_CENTS : q.last);
    // at the limit one side of the book is empty (封板)
    q.bid = lim && q.last <= lim.down ? null : q.last - 1;
    q.ask = lim && q.last >= lim.up ? null : q.last + 1;
    if (s.kind === 'index') q.bid = q.ask = null;
  }
}
