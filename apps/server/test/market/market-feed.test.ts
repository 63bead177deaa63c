import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { priceLimitPct } from '@stock-admin/contracts';
import { ContinuousCalendar, TradingCalendar } from '../../src/modules/market/calendar.js';
import { parseHolidays } from '../../src/lib/holidays.js';
import { limitsOf } from '../../src/modules/market/feed.js';
import { HttpFeed, vendorSymbol } from '../../src/modules/market/http-feed.js';
import { SimulatedFeed } from '../../src/modules/market/simulated.js';
import { tickOf } from '../../src/modules/market/service.js';
import type { FeedSymbol, Quote } from '../../src/modules/market/store.js';

/** Shanghai wall-clock time → epoch ms (UTC+8, no daylight saving). */
const sh = (day: string, time: string) => Date.parse(`${day}T${time}+08:00`);
const cal = new TradingCalendar();

describe('trading calendar (Asia/Shanghai)', () => {
  it('has the call auction, two sessions and half-open edges on a trading day', () => {
    const day = '2026-11-24'; // a Tuesday
    const at = (t: string) => cal.phaseAt(sh(day, t));
    expect(at('09:14:59')).toBe('closed');
    expect(at('09:15:00')).toBe('auction');
    expect(at('09:29:59')).toBe('auction');
    expect(at('09:30:00')).toBe('open');
    expect(at('11:29:59')).toBe('open');
    expect(at('11:30:00')).toBe('break');
    expect(at('12:59:59')).toBe('break');
    expect(at('13:00:00')).toBe('open');
    expect(at('14:59:59')).toBe('open');
    expect(at('15:00:00')).toBe('closed');
  });

  it('closes weekends, the built-in holidays and configured ones', () => {
    expect(cal.phaseAt(sh('2026-11-28', '10:00:00'))).toBe('closed'); // Saturday
    expect(cal.phaseAt(sh('2026-11-29', '10:00:00'))).toBe('closed'); // Sunday
    expect(cal.phaseAt(sh('2026-10-01', '10:00:00'))).toBe('closed'); // National Day
    expect(cal.phaseAt(sh('2026-10-09', '10:00:00'))).toBe('open');
    const extra = new TradingCalendar(['2026-11-25']);
    expect(extra.phaseAt(sh('2026-11-25', '10:00:00'))).toBe('closed');
    expect(extra.tradingDayAt(sh('2026-11-25', '10:00:00'))).toBe('2026-11-24');
  });

  it('keeps the last trading day until the next auction', () => {
    expect(cal.tradingDayAt(sh('2026-11-30', '08:00:00'))).toBe('2026-11-27'); // Monday morning: Friday's quotes
    expect(cal.tradingDayAt(sh('2026-11-30', '09:15:00'))).toBe('2026-11-30');
    expect(cal.tradingDayAt(sh('2026-10-08', '09:00:00'))).toBe('2026-09-30'); // across the National Day week
    expect(cal.tradingSecondsAt(sh('2026-11-24', '11:45:00'))).toBe(7200);
    expect(cal.tradingSecondsAt(sh('2026-11-24', '13:00:30'))).toBe(7230);
  });

  it('parses QUOTE_HOLIDAYS and names bad entries', () => {
    expect(parseHolidays('2026-12-31, 2027-02-10')).toEqual({ days: ['2026-12-31', '2027-02-10'], bad: [] });
    expect(parseHolidays('2026-02-30,tomorrow,2026-1-5').bad).toEqual(['2026-02-30', 'tomorrow', '2026-1-5']);
  });
});

const SYMBOLS: FeedSymbol[] = [
  { gid: 'sh600519', kind: 'stock', board: 'main' },
  { gid: 'sh600001', kind: 'stock', board: 'main', st: true },
  { gid: 'sz000002', kind: 'stock', board: 'main', st: true },
  { gid: 'sh688981', kind: 'stock', board: 'star' },
  { gid: 'sz300750', kind: 'stock', board: 'chinext' },
  { gid: 'bj920118', kind: 'stock', board: 'bj' },
  { gid: 'sh000001', kind: 'index' },
];

function tradingDays(from: string, n: number): string[] {
  const out: string[] = [];
  for (let ms = Date.parse(`${from}T00:00:00Z`); out.length < n; ms += 86_400_000) {
    const d = new Date(ms).toISOString().slice(0, 10);
    if (cal.isTradingDay(d)) out.push(d);
  }
  return out;
}

/** Ticks a feed through whole days at its interval; calls `check` after each tick. */
async function runDays(feed: SimulatedFeed, days: string[], intervalS: number, check?: (book: Map<string, Quote>, now: number) => void) {
  const book = new Map<string, Quote>();
  for (const d of days) {
    for (let t = sh(d, '09:14:00'); t <= sh(d, '15:01:00'); t += intervalS * 1000) {
      await feed.tick(t, SYMBOLS, book);
      check?.(book, t);
    }
  }
  return book;
}

describe('simulated feed', () => {
  it('gives the same prices for the same seed, and others for another seed', async () => {
    const days = tradingDays('2026-11-23', 2);
    const a = await runDays(new SimulatedFeed({ seed: 'demo', intervalMs: 3000, calendar: cal }), days, 3);
    const b = await runDays(new SimulatedFeed({ seed: 'demo', intervalMs: 3000, calendar: cal }), days, 3);
    const c = await runDays(new SimulatedFeed({ seed: 'other', intervalMs: 3000, calendar: cal }), days, 3);
    const prices = (m: Map<string, Quote>) => [...m.values()].map((q) => [q.gid, q.last, q.high, q.low, q.volume]);
    expect(prices(a)).toEqual(prices(b));
    expect(prices(a)).not.toEqual(prices(c));
    // the day rolled: the second day's previous close is the first day's last
    const q = a.get('sh600519')!;
    expect(q.tradingDay).toBe(days[1]);
    expect(q.volume).toBeGreaterThan(0);
  });

  it('never crosses a board limit over a simulated month, and reaches some limits', async () => {
    const feed = new SimulatedFeed({ seed: 'month', intervalMs: 30_000, calendar: cal });
    let prevDay = '';
    const touched = new Set<string>();
    const crossed: string[] = [];
    let closes = new Map<string, number>();
    await runDays(feed, tradingDays('2026-11-02', 22), 30, (book) => {
      for (const s of SYMBOLS) {
        const q = book.get(s.gid)!;
        if (q.tradingDay !== prevDay && s.gid === SYMBOLS[SYMBOLS.length - 1]!.gid) {
          // every symbol's previous close is the last of the day before
          for (const [gid, last] of closes) expect(book.get(gid)!.prevClose).toBe(last);
          prevDay = q.tradingDay;
        }
        if (!Number.isInteger(q.last)) crossed.push(`${s.gid} ${q.last} not on the tick`);
        if (s.kind === 'index') continue;
        const lim = limitsOf(q.prevClose, priceLimitPct(s.board!, Boolean(s.st)));
        for (const p of [q.last, q.high, q.low, q.open, q.bid, q.ask]) {
          if (p != null && (p > lim.up || p < lim.down)) crossed.push(`${s.gid} ${p} outside ${lim.down}…${lim.up} on ${q.tradingDay}`);
        }
        if (q.last === lim.up || q.last === lim.down) touched.add(s.gid);
      }
      closes = new Map([...book.values()].map((q) => [q.gid, q.last]));
    });
    expect(crossed).toEqual([]);
    expect(touched.size).toBeGreaterThan(0);
  });

  it('stands still outside the sessions and fixes the open at 9:25', async () => {
    const feed = new SimulatedFeed({ seed: 'edges', intervalMs: 3000, calendar: cal });
    const book = new Map<string, Quote>();
    const d = '2026-11-24';
    await feed.tick(sh(d, '09:20:00'), SYMBOLS, book);
    expect(book.get('sh600519')!.open).toBeNull();
    await feed.tick(sh(d, '09:25:00'), SYMBOLS, book);
    const open = book.get('sh600519')!.open;
    expect(open).not.toBeNull();
    expect(book.get('sh600519')!.last).toBe(open);
    expect((await feed.tick(sh(d, '09:29:00'), SYMBOLS, book)).changed).toHaveLength(0);
    expect((await feed.tick(sh(d, '09:30:00'), SYMBOLS, book)).changed.length).toBe(SYMBOLS.length);
    await feed.tick(sh(d, '11:29:57'), SYMBOLS, book);
    const noon = book.get('sh600519')!.last;
    const r = await feed.tick(sh(d, '11:30:00'), SYMBOLS, book);
    expect(r.phase).toBe('break');
    expect(r.changed).toHaveLength(0);
    expect((await feed.tick(sh(d, '12:59:59'), SYMBOLS, book)).changed).toHaveLength(0);
    expect(book.get('sh600519')!.last).toBe(noon);
    expect((await feed.tick(sh(d, '13:00:00'), SYMBOLS, book)).changed.length).toBe(SYMBOLS.length);
    await feed.tick(sh(d, '15:00:00'), SYMBOLS, book);
    expect((await feed.tick(sh(d, '16:00:00'), SYMBOLS, book)).changed).toHaveLength(0);
    // the weekend: quotes stay Friday's (after one roll to the latest trading day when days were missed)
    await feed.tick(sh('2026-11-27', '16:00:00'), SYMBOLS, book);
    expect((await feed.tick(sh('2026-11-28', '10:00:00'), SYMBOLS, book)).changed).toHaveLength(0);
  });

  it('moves at any hour of any day in the demo’s continuous session, its trading day today in Shanghai', async () => {
    const all = new ContinuousCalendar();
    expect([all.phaseAt(sh('2026-11-28', '03:00:00')), all.tradingDayAt(sh('2026-11-28', '03:00:00'))]).toEqual(['open', '2026-11-28']);
    expect(all.isTradingDay('2026-10-01')).toBe(true);
    const feed = new SimulatedFeed({ seed: 'demo', intervalMs: 3000, calendar: all });
    const book = new Map<string, Quote>();
    // a Saturday night: the exchange's calendar stands still, the demo's trades
    await feed.tick(sh('2026-11-28', '22:00:00'), SYMBOLS, book);
    const first = book.get('sh600519')!;
    expect(first.tradingDay).toBe('2026-11-28');
    expect(first.open).not.toBeNull();
    expect(first.bid != null || first.ask != null).toBe(true);
    let moved = 0;
    for (let k = 1; k <= 20; k++) {
      const r = await feed.tick(sh('2026-11-28', '22:00:00') + k * 3000, SYMBOLS, book);
      expect(r.phase).toBe('open');
      moved += r.changed.length;
    }
    expect(moved).toBe(20 * SYMBOLS.length);
    // midnight rolls the day: the previous close is the last price of the day before
    const last = book.get('sh600519')!.last;
    await feed.tick(sh('2026-11-29', '00:00:03'), SYMBOLS, book);
    expect(book.get('sh600519')).toMatchObject({ tradingDay: '2026-11-29', prevClose: last });
    // the same Saturday on the exchange's calendar: nothing moves
    const exchange = new SimulatedFeed({ seed: 'demo', intervalMs: 3000, calendar: cal });
    const closed = new Map<string, Quote>();
    await exchange.tick(sh('2026-11-28', '22:00:00'), SYMBOLS, closed);
    expect((await exchange.tick(sh('2026-11-28', '22:00:03'), SYMBOLS, closed)).changed).toHaveLength(0);
  });

  it('rounds the wire form exactly (change % half away from zero)', () => {
    const q: Quote = {
      gid: 'sh600000',
      last: 1001,
      prevClose: 1200,
      open: null,
      high: null,
      low: null,
      volume: 100,
      turnover: 100_100,
      bid: 1000,
      ask: 1002,
      stale: false,
      at: 0,
      tradingDay: '2026-11-24',
    };
    const t = tickOf(q);
    expect(t).toMatchObject({ last: '10.01', prevClose: '12.00', change: '-1.99', changePct: '-16.58', turnover: '1001.00', bid: '10.00' });
    expect(limitsOf(1005, 10)).toEqual({ up: 1106, down: 905 }); // 11.055 → 11.06, 9.045 → 9.05 half up
  });
});

describe('vendor feed over HTTP', () => {
  let server: http.Server;
  let url = '';
  let mode: 'ok' | 'hang' | 'error' = 'ok';
  let price = '10.50';
  const asked: string[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const symbols = new URL(req.url!, 'http://x').searchParams.get('symbols') ?? '';
      asked.push(symbols);
      if (mode === 'hang') return; // never answers: the feed's time-out ends the request
      if (mode === 'error') {
        res.writeHead(502).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          data: symbols
            .split(',')
            .map((s) => ({ symbol: s, last: price, prevClose: '10.00', volume: 1200, turnover: '12600.5', bid: '10.49', ask: '10.51' })),
        }),
      );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/quotes`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  const symbols: FeedSymbol[] = [
    { gid: 'sh600000', kind: 'stock', board: 'main' },
    { gid: 'sz000001', kind: 'stock', board: 'main' },
  ];
  const feed = () =>
    new HttpFeed({
      url,
      style: 'suffix',
      timeoutMs: 150,
      staleMs: 1000,
      retries: 1,
      calendar: cal,
      log: pino({ level: 'silent' }),
      sleep: async () => {},
    });

  it('maps symbols, parses decimals without floats, and refreshes only what changed', async () => {
    expect(vendorSymbol('sh600000', 'suffix')).toBe('600000.SH');
    expect(vendorSymbol('bj920118', 'prefix')).toBe('BJ920118');
    mode = 'ok';
    const f = feed();
    const book = new Map<string, Quote>();
    const r = await f.tick(sh('2026-11-24', '10:00:00'), symbols, book);
    expect(asked.at(-1)).toBe('600000.SH,000001.SZ');
    expect(r.changed).toHaveLength(2);
    expect(tickOf(book.get('sh600000')!)).toMatchObject({
      last: '10.50',
      changePct: '5.00',
      turnover: '12600.50',
      volume: '1200',
      stale: false,
    });
    expect((await f.tick(sh('2026-11-24', '10:00:03'), symbols, book)).changed).toHaveLength(0);
  });

  it('marks quotes stale once the vendor stops answering for QUOTE_STALE_MS, and recovers', async () => {
    mode = 'ok';
    price = '10.50';
    const f = feed();
    const book = new Map<string, Quote>();
    const t0 = sh('2026-11-24', '10:00:00');
    await f.tick(t0, symbols, book);
    mode = 'hang';
    const first = await f.tick(t0 + 500, symbols, book);
    expect(first.stale).toBe(false); // one missed answer is not yet stale
    expect(book.get('sh600000')!.stale).toBe(false);
    mode = 'error';
    const later = await f.tick(t0 + 1000, symbols, book);
    expect(later.stale).toBe(true);
    expect(later.changed.map((q) => q.gid).sort()).toEqual(['sh600000', 'sz000001']);
    expect(book.get('sh600000')!.stale).toBe(true);
    mode = 'ok';
    price = '10.60';
    const back = await f.tick(t0 + 4000, symbols, book);
    expect(back.stale).toBe(false);
    expect(tickOf(book.get('sh600000')!)).toMatchObject({ last: '10.60', stale: false });
  });
});
