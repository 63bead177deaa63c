import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuoteTick } from '@stock-admin/contracts';
import { fanOutQuotes, watchOf, type QuoteSink, type QuoteWatch } from '../../src/realtime/watch.js';
import { createTestApp, signedIn, type TestApp } from '../helpers.js';
import { connectReady, listen, type Client } from './realtime.helpers.js';

/** Issue 64: one shared frame per set of symbols, every quote still reaching every socket that watches it. */

const quote = (gid: string, last: string): QuoteTick => ({
  gid,
  last,
  prevClose: '10.00',
  change: '0.00',
  changePct: '0.00',
  open: '10.00',
  high: last,
  low: '10.00',
  volume: '100',
  turnover: '1000.00',
  bid: last,
  ask: last,
  stale: false,
  at: '2026-12-04T02:00:00.000Z',
});

interface FakeSocket {
  name: string;
  watch?: QuoteWatch;
  frames: Buffer[];
  /** Written callbacks not yet called: a socket whose network is slow. */
  pending: (() => void)[];
  slow: boolean;
  open: boolean;
}

const socket = (name: string, gids: string[], slow = false): FakeSocket => ({
  name,
  watch: watchOf(gids),
  frames: [],
  pending: [],
  slow,
  open: true,
});

const sink: QuoteSink<FakeSocket> = {
  watchOf: (c) => c.watch,
  send: (c, frame, written) => {
    if (!c.open) return false;
    c.frames.push(frame);
    // as ws does: the callback comes later, after the bytes are written
    if (c.slow) c.pending.push(written);
    else queueMicrotask(written);
    return true;
  },
};

const decode = (f: Buffer) => JSON.parse(f.toString('utf8')) as { cmd: number; type: string; data: { phase: string; quotes: QuoteTick[] } };
const flush = () => new Promise((r) => setImmediate(r));

describe('quote fan-out (realtime/watch.ts)', () => {
  it('encodes a set of symbols once and sends the same bytes to every socket showing it', async () => {
    const a = socket('a', ['sh600519', 'sz000001']);
    const b = socket('b', ['sz000001', 'sh600519']);
    const c = socket('c', ['sh600000']);
    const idle = socket('idle', []);
    const n = fanOutQuotes(
      [a, b, c, idle],
      'open',
      [quote('sh600519', '1800.00'), quote('sz000001', '12.00'), quote('sh600000', '8.00')],
      sink,
    );
    expect(n).toBe(3);
    expect(a.frames[0]).toBe(b.frames[0]);
    expect(
      decode(a.frames[0]!)
        .data.quotes.map((q) => q.gid)
        .sort(),
    ).toEqual(['sh600519', 'sz000001']);
    expect(decode(c.frames[0]!)).toMatchObject({
      cmd: 15,
      type: 'QUOTES',
      data: { phase: 'open', quotes: [{ gid: 'sh600000', last: '8.00' }] },
    });
    expect(idle.frames).toHaveLength(0);
    await flush(); // the written callbacks: no frame in flight, so the next ticks go out at once
    // a tick that moves none of a set's symbols sends that set nothing; a phase change reaches every watcher
    expect(fanOutQuotes([a, b, c], 'open', [quote('sh600000', '8.01')], sink)).toBe(1);
    await flush();
    expect(fanOutQuotes([a, b, c], 'break', [], sink)).toBe(3);
    expect(decode(a.frames.at(-1)!).data).toEqual({ phase: 'break', quotes: [] });
  });

  it('delivers every quote a socket watches, tick after tick, to each of many sockets', async () => {
    const gids = ['sh600519', 'sz000001', 'sh600000', 'sz300750', 'sh601318'];
    const sockets = Array.from({ length: 40 }, (_, i) =>
      socket(
        `s${i}`,
        gids.filter((_, j) => (i >> j) & 1 || j === i % 5),
      ),
    );
    const expected = new Map(sockets.map((s) => [s, 0]));
    for (let tick = 0; tick < 60; tick++) {
      // each tick moves a different subset of the symbols
      const moved = gids.filter((_, j) => (tick + j) % 3 !== 0).map((g) => quote(g, `${10 + tick}.00`));
      for (const s of sockets) expected.set(s, expected.get(s)! + moved.filter((q) => s.watch!.gids.has(q.gid)).length);
      fanOutQuotes(sockets, 'open', moved, sink);
      await flush();
    }
    for (const s of sockets) {
      const got = s.frames.flatMap((f) => decode(f).data.quotes);
      expect(got.length, s.name).toBe(expected.get(s));
      expect(got.every((q) => s.watch!.gids.has(q.gid))).toBe(true);
    }
    // forty sockets, but no more distinct frames a tick than distinct sets
    const distinct = new Set(sockets.flatMap((s) => s.frames));
    expect(distinct.size).toBeLessThanOrEqual(60 * new Set(sockets.map((s) => s.watch!.key)).size);
    expect(distinct.size).toBeLessThan(sockets.reduce((n, s) => n + s.frames.length, 0));
  });

  it('holds the ticks a slow socket has not written, and sends it the latest of each symbol as one frame', async () => {
    const slow = socket('slow', ['sh600519', 'sz000001'], true);
    const fast = socket('fast', ['sh600519', 'sz000001']);
    const ticks: [string, QuoteTick[]][] = [
      ['open', [quote('sh600519', '1800.00')]],
      ['open', [quote('sh600519', '1801.00'), quote('sz000001', '12.00')]],
      ['break', []],
      ['open', [quote('sh600519', '1802.00')]],
    ];
    for (const [phase, quotes] of ticks) {
      fanOutQuotes([slow, fast], phase as 'open', quotes, sink);
      await flush();
    }
    expect(fast.frames).toHaveLength(4);
    expect(slow.frames).toHaveLength(1);
    // the first frame written: what was held goes at once, newest price of each symbol, the newest phase
    slow.pending.shift()!();
    expect(slow.frames).toHaveLength(2);
    const held = decode(slow.frames[1]!).data;
    expect(held.phase).toBe('open');
    expect(Object.fromEntries(held.quotes.map((q) => [q.gid, q.last]))).toEqual({ sh600519: '1802.00', sz000001: '12.00' });
    // written too, nothing held: the next tick goes as usual
    slow.pending.shift()!();
    expect(slow.frames).toHaveLength(2);
    slow.slow = false;
    await flush();
    fanOutQuotes([slow, fast], 'open', [quote('sz000001', '12.01')], sink);
    expect(decode(slow.frames[2]!).data.quotes.map((q) => q.last)).toEqual(['12.01']);
    expect(slow.frames[2]).toBe(fast.frames.at(-1));
  });

  it('sends nothing held to a socket that watches other symbols since, nor counts a frame a closed socket refused', () => {
    const s = socket('s', ['sh600519'], true);
    fanOutQuotes([s], 'open', [quote('sh600519', '1800.00')], sink);
    fanOutQuotes([s], 'open', [quote('sh600519', '1801.00')], sink);
    s.watch = watchOf(['sz000001']);
    s.pending.shift()!();
    expect(s.frames).toHaveLength(1);
    const closed = socket('closed', ['sh600519']);
    closed.open = false;
    expect(fanOutQuotes([closed], 'open', [quote('sh600519', '1802.00')], sink)).toBe(0);
    expect(closed.watch!.inFlight).toBe(0);
  });
});

describe('quote fan-out over real sockets', () => {
  let t: TestApp;
  let base: string;
  let admin: { token: string; id: number };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedIn(t, 'admin');
    base = await listen(t);
  });
  afterAll(() => t.close());

  it('every socket receives every quote it watches under the shared frames', async () => {
    // symbols no feed quotes here, so every quote counted is one this test sent
    const sets = [['sh990001', 'sh990002'], ['sh990002', 'sh990001'], ['sh990003'], ['sh990001', 'sh990003']];
    const sockets: [Client, string[]][] = [];
    for (const gids of sets)
      for (let i = 0; i < 3; i++) {
        const c = await connectReady(base, admin.id, admin.token);
        c.send({ cmd: 14, data: { gids } });
        sockets.push([c, gids]);
      }
    for (const [c] of sockets) await c.sync();
    const ticks = 30;
    for (let i = 0; i < ticks; i++) {
      const moved = ['sh990001', 'sh990002', 'sh990003'].filter((_, j) => (i + j) % 2 === 0).map((g) => quote(g, `${20 + i}.00`));
      t.app.realtime.deliverQuotes('open', moved);
      await new Promise((r) => setTimeout(r, 5));
    }
    for (const [c, gids] of sockets) {
      await c.sync();
      const got = c.frames.filter((f) => f.cmd === 15).flatMap((f) => (f.data as { quotes: QuoteTick[] }).quotes);
      const expected = Array.from({ length: ticks }, (_, i) =>
        ['sh990001', 'sh990002', 'sh990003'].filter((g, j) => (i + j) % 2 === 0 && gids.includes(g)),
      ).flat();
      expect(got.map((q) => q.gid)).toEqual(expected);
      c.close();
    }
  });
});
