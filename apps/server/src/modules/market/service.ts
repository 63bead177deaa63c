import type { FastifyBaseLogger } from 'fastify';
import type { MarketPhase, MarketStatus, QuoteTick } from '@stock-admin/contracts';
import type { AppContext } from '../../app/context.js';
import type { EventBus } from '../../realtime/bus.js';
import { connectionLost, isConnectionError } from '../../db/outage.js';
import { metrics } from '../../lib/metrics.js';
import type { TradingCalendar } from './calendar.js';
import type { QuoteFeed } from './feed.js';
import { centsText } from './cents.js';
import { applyExRights, loadPendingExRights, saveExRights, type ExRightsDone, type PendingExRights } from './exrights.js';
import { loadQuotes, loadSymbols, saveQuotes, type FeedSymbol, type Quote } from './store.js';

/** Advisory lock of the instance that ticks (the migration lock is 727001, jobs 727100). */
const LEADER_LOCK = 727200;
/** How often the leader re-reads the symbol list (products added or removed on any instance). */
const SYMBOLS_EVERY_MS = 10_000;

const price = (c: number | null) => (c == null ? null : centsText(c));

let isoMs = NaN;
let isoText = '';
/** Quotes of one tick share their time: formatted once. */
const isoOf = (ms: number) => (ms === isoMs ? isoText : ((isoMs = ms), (isoText = new Date(ms).toISOString())));

/** The wire form of a quote (contracts `quoteTick`): computed once per tick by the leader. */
export function tickOf(q: Quote): QuoteTick {
  const change = q.last - q.prevClose;
  // change % to two decimals, half away from zero, on integers: (change · 10 000 / prev) rounded
  const bp = q.prevClose > 0 ? Math.sign(change) * Math.round((Math.abs(change) * 10_000) / q.prevClose) : 0;
  return {
    gid: q.gid,
    last: price(q.last)!,
    prevClose: price(q.prevClose)!,
    change: price(change)!,
    changePct: centsText(bp),
    open: price(q.open),
    high: price(q.high),
    low: price(q.low),
    volume: String(q.volume),
    turnover: centsText(q.turnover),
    bid: price(q.bid),
    ask: price(q.ask),
    stale: q.stale,
    at: isoOf(q.at),
  };
}

export interface QuoteServiceOptions {
  ctx: AppContext;
  bus: EventBus;
  feed: QuoteFeed;
  calendar: TradingCalendar;
  intervalMs: number;
  log: FastifyBaseLogger;
  /** The feed's clock (QUOTE_CLOCK_START shifts it for demos and tests). */
  clock: () => number;
}

/**
 * THE place prices come from (issue 20): one tick per interval for the whole cluster, on the instance
 * holding the leader lock, whatever the number of consoles and jobs asking. The leader persists the
 * changed quotes (one statement) and publishes one batched `quotes` message on the bus; every instance
 * keeps the latest quotes in memory from those messages and its hub forwards each socket the symbols it
 * watches. Trading reads prices only through `quote()` / `tradablePrice()`.
 */
export class QuoteService {
  private readonly book = new Map<string, Quote>();
  /** The wire form of every quote (the last message's, on every instance). */
  private readonly ticks = new Map<string, QuoteTick>();
  private symbols: FeedSymbol[] = [];
  private symbolsAt = 0;
  /**
   * Set by symbolsChanged(), cleared when a reload starts: a change made while a reload is reading is read again at the
   * next tick (a timestamp reset would be overwritten by the reload in flight, and the change wait a whole refresh).
   */
  private symbolsDirty = true;
  private leader = false;
  private ticking = false;
  private timer: NodeJS.Timeout | undefined;
  private stopLeadership: (() => void) | undefined;
  private stopped = false;
  private lastPhase: MarketPhase = 'closed';
  private tradingDay = '';
  private stale = false;
  private lastTickAt: number | null = null;
  /** How many times the quotes changed here (a tick of this leader, or one received from another instance). */
  private ticked = 0;
  private unsubscribe: (() => void) | undefined;
  /** Corporate actions whose quote goes ex-rights at (or since) its ex-date (read with the symbols). */
  private pendingEx: PendingExRights[] = [];
  /** Ex-rights made to the book whose rows are not stored yet (a failed save: stored with the next tick's). */
  private exUnsaved: ExRightsDone[] = [];
  /** CPU and wall time of the last tick (bench). */
  lastTickStats = { cpuMs: 0, wallMs: 0, changed: 0 };

  constructor(private readonly o: QuoteServiceOptions) {
    this.lastPhase = o.calendar.phaseAt(o.clock());
    this.tradingDay = o.calendar.tradingDayAt(o.clock());
  }

  async start(): Promise<void> {
    this.unsubscribe = this.o.bus.subscribe((m, remote) => {
      if (m.kind === 'quotes' && remote) this.absorb(m.phase, m.stale, m.quotes);
    });
    try {
      for (const q of await loadQuotes(this.o.ctx.db)) {
        this.book.set(q.gid, q);
        this.ticks.set(q.gid, tickOf(q));
      }
    } catch (err) {
      this.o.log.error({ err }, 'quote service: stored quotes not loaded');
    }
    // the leader's first tick now, before the server answers: until it, the book holds what is stored — on a fresh
    // demo the seed's reference prices, with no bid or ask, and every buy was refused (该股票暂无卖盘) for an interval
    await this.claimLeadership();
    this.timer = setInterval(() => void this.tick(), this.o.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
    this.unsubscribe?.();
    this.stopLeadership?.();
  }

  /** Re-read the symbol list at the next tick (a product was added, removed or imported here). */
  symbolsChanged(): void {
    this.symbolsDirty = true;
  }

  /** The latest quote of a symbol (any instance), or undefined before its first quote. */
  quote(gid: string): QuoteTick | undefined {
    return this.ticks.get(gid);
  }

  /** A price to trade at: undefined when there is none or it is stale (trading refuses then). */
  tradablePrice(gid: string): string | undefined {
    const q = this.ticks.get(gid);
    return q && !q.stale ? q.last : undefined;
  }

  phase(): MarketPhase {
    return this.o.calendar.phaseAt(this.o.clock());
  }

  version(): number {
    return this.ticked;
  }

  now(): number {
    return this.o.clock();
  }

  /** A simulated session open all day (the demo): trading hours do not apply. */
  continuous(): boolean {
    return this.o.calendar.continuous;
  }

  isTradingDay(day: string): boolean {
    return this.o.calendar.isTradingDay(day);
  }

  currentTradingDay(): string {
    return this.o.calendar.tradingDayAt(this.o.clock());
  }

  status(): MarketStatus {
    return {
      source: this.o.feed.source,
      phase: this.o.calendar.phaseAt(this.o.clock()),
      session: this.o.calendar.continuous ? 'continuous' : 'exchange',
      tradingDay: this.currentTradingDay(),
      stale: this.stale,
      lastTickAt: this.lastTickAt == null ? null : new Date(this.lastTickAt).toISOString(),
      intervalMs: this.o.intervalMs,
      symbols: this.ticks.size,
    };
  }

  isLeader(): boolean {
    return this.leader;
  }

  /**
   * One tick (the leader only): the feed moves the book, the changed quotes are saved in one statement
   * and published in one message. Ticks never overlap; a slow one makes the next interval skip.
   */
  async tick(): Promise<number> {
    if (!this.leader || this.ticking || this.stopped) return 0;
    this.ticking = true;
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    let changed = 0;
    try {
      const now = this.o.clock();
      if (this.symbolsDirty || now - this.symbolsAt >= SYMBOLS_EVERY_MS) await this.reloadSymbols(now);
      const r = await this.o.feed.tick(now, this.symbols, this.book);
      const ex = this.goEx(r.changed);
      this.stale = r.stale;
      this.tradingDay = r.tradingDay;
      this.lastTickAt = now;
      const phaseChanged = r.phase !== this.lastPhase;
      this.lastPhase = r.phase;
      if (!r.changed.length && !phaseChanged) return 0;
      const quotes = r.changed.map(tickOf);
      for (const q of quotes) this.ticks.set(q.gid, q);
      this.ticked++;
      // consoles get the tick while it is written: delivery does not wait for the database
      this.o.bus.publish({ kind: 'quotes', phase: r.phase, stale: r.stale, quotes });
      changed = quotes.length;
      // the hubs' delivery (queued by the publish) runs before the statement is built and sent
      await new Promise((resolve) => setImmediate(resolve));
      if (ex.length) {
        await this.o.ctx.db.transaction(async (tx) => {
          await saveQuotes(tx, r.changed);
          await saveExRights(tx, ex);
        });
        this.exUnsaved = [];
      } else await saveQuotes(this.o.ctx.db, r.changed);
      return changed;
    } catch (err) {
      if (isConnectionError(err)) connectionLost(err);
      else this.o.log.error({ err }, 'quote tick failed');
      return 0;
    } finally {
      const cpu = process.cpuUsage(cpu0);
      this.lastTickStats = { cpuMs: (cpu.user + cpu.system) / 1000, wallMs: performance.now() - t0, changed };
      metrics.quoteTick.observe(this.lastTickStats.wallMs / 1000);
      metrics.quoteTickCpu.inc(this.lastTickStats.cpuMs / 1000);
      this.ticking = false;
    }
  }

  /**
   * Moves the quotes of the stocks whose ex-date came to their reference price (exrights.ts), adding them to the
   * tick's changes; what this returns is stored with the tick's quotes, in one transaction.
   */
  private goEx(changed: Quote[]): ExRightsDone[] {
    if (!this.pendingEx.length) return this.exUnsaved;
    const done = applyExRights(this.book, this.pendingEx, this.o.feed.source === 'http');
    if (!done.length) return this.exUnsaved;
    const ids = new Set(done.map((d) => d.actionId));
    this.pendingEx = this.pendingEx.filter((p) => !ids.has(p.actionId));
    const inTick = new Set(changed.map((q) => q.gid));
    for (const d of done) {
      this.o.feed.rebase?.(d.gid, d.factor);
      const q = this.book.get(d.gid)!;
      if (!inTick.has(d.gid)) changed.push(q);
      inTick.add(d.gid);
    }
    this.exUnsaved = [...this.exUnsaved, ...done];
    return this.exUnsaved;
  }

  private async reloadSymbols(now: number): Promise<void> {
    this.symbolsDirty = false;
    const next = await loadSymbols(this.o.ctx.db);
    // an action already applied to the book whose row a failed save left unstored is not pending again
    const unsaved = new Set(this.exUnsaved.map((d) => d.actionId));
    this.pendingEx = (await loadPendingExRights(this.o.ctx.db, this.o.calendar.tradingDayAt(now))).filter((p) => !unsaved.has(p.actionId));
    const keep = new Set(next.map((s) => s.gid));
    const gone = this.symbols.filter((s) => !keep.has(s.gid)).map((s) => s.gid);
    if (gone.length) {
      this.o.feed.forget?.(gone);
      for (const g of gone) {
        this.book.delete(g);
        this.ticks.delete(g);
      }
    }
    // symbols new to the book start from what is stored for them (reference prices of a seed or an import)
    if (next.some((s) => !this.book.has(s.gid))) {
      for (const q of await loadQuotes(this.o.ctx.db)) if (!this.book.has(q.gid)) this.book.set(q.gid, q);
    }
    this.symbols = next;
    this.symbolsAt = now;
  }

  /** Quotes published by the leader on another instance. */
  private absorb(phase: MarketPhase, stale: boolean, quotes: readonly QuoteTick[]): void {
    this.lastPhase = phase;
    this.stale = stale;
    for (const q of quotes) this.ticks.set(q.gid, q);
    this.ticked++;
    this.lastTickAt = this.o.clock();
  }

  /**
   * The embedded database serves one process: it always leads. On PostgreSQL one instance holds a
   * session advisory lock on a connection of its own; if that instance stops (or its connection breaks),
   * another takes the lock within an interval and continues from the stored quotes. Resolves once the first attempt
   * settled: this instance leads and has ticked, or another instance leads (or the database did not answer).
   */
  private claimLeadership(): Promise<void> {
    const { database } = this.o.ctx;
    if (database.kind === 'pglite') {
      this.leader = true;
      return this.tick().then(() => undefined);
    }
    let settled: () => void = () => undefined;
    const first = new Promise<void>((r) => (settled = r));
    let wake: (() => void) | undefined;
    this.stopLeadership = () => wake?.();
    const attempt = async () => {
      while (!this.stopped) {
        try {
          await database.withConnection(async (q) => {
            // keyed by schema too: instances of one deployment share it; separate schemas (tests) do not compete
            const got = await q(`SELECT pg_try_advisory_lock(${LEADER_LOCK}, hashtext(current_schema())) AS ok`);
            if (!got.rows[0]?.ok) return settled();
            // a leader taking over continues from what the last one stored
            const stored = await loadQuotes(this.o.ctx.db);
            this.o.feed.forget?.(stored.map((s) => s.gid));
            for (const s of stored) this.book.set(s.gid, s);
            this.leader = true;
            this.o.log.info('quote service: this instance ticks');
            // a leader's first tick at once (at start, or taking over): the quotes it continues from may be minutes old
            await this.tick();
            settled();
            try {
              while (!this.stopped) {
                await new Promise<void>((r) => {
                  wake = r;
                  setTimeout(r, this.o.intervalMs).unref();
                });
                if (!this.stopped) await q('SELECT 1');
              }
            } finally {
              this.leader = false;
              await q(`SELECT pg_advisory_unlock(${LEADER_LOCK}, hashtext(current_schema()))`).catch(() => undefined);
            }
          });
        } catch (err) {
          this.leader = false;
          settled();
          if (isConnectionError(err)) connectionLost(err);
          else this.o.log.error({ err }, 'quote service: leadership check failed');
        }
        if (this.stopped) return;
        await new Promise<void>((r) => {
          wake = r;
          setTimeout(r, this.o.intervalMs).unref();
        });
      }
    };
    void attempt();
    return first;
  }
}
