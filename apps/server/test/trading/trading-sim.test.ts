import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { DEFAULT_STOCK_RISK } from '@stock-admin/contracts';
import { rows } from '../../src/db/rows.js';
import { verifyLedger } from '../../src/modules/fundrecords/ledger/index.js';
import { chargeDeferral } from '../../src/modules/trading/jobs.js';
import { sweepPositions } from '../../src/modules/trading/sweep.js';
import { appPost, appToken, credit, makeAgent, makeUser } from '../funds/funds.helpers.js';
import { createTestApp, post, signedIn, type TestApp } from '../helpers.js';
import { sleep } from '../realtime/realtime.helpers.js';

/**
 * A seeded random trading run (issue 21): thousands of buys, cancels, reviews (single, batch and racing),
 * sells, force closes, locks, created positions and deposits over several simulated days with prices moving
 * inside the day's limits (big drops included, so the force-close watcher fires), then the ledger must
 * balance and no balance, hold or margin may be negative. Any HTTP 5xx fails the run at once.
 */
const SEED = 20261124;
const OPS = 2400;
const DAYS = 6;
const STOCKS = [
  { code: '600036', name: '招商银行', market: 'sh', prev: '40.00' },
  { code: '600519', name: '贵州茅台', market: 'sh', prev: '1500.00' },
  { code: '000001', name: '平安银行', market: 'sz', prev: '11.00' },
  { code: '601318', name: '中国平安', market: 'sh', prev: '52.00' },
];

/** mulberry32: a small seeded generator, so a failing run can be replayed. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = rng(SEED);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));

const prices = new Map(STOCKS.map((s) => [`${s.market}${s.code}`, s.prev]));
let vendor: http.Server;
let t: TestApp;
let admin: string;
let agentStaff: string;

beforeAll(async () => {
  vendor = http.createServer((req, res) => {
    const symbols = new URL(req.url!, 'http://x').searchParams.get('symbols')!.split(',');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        data: symbols.map((symbol) => {
          const s = STOCKS.find((x) => symbol.includes(x.code))!;
          const last = prices.get(`${s.market}${s.code}`)!;
          return { symbol, last, prevClose: s.prev, bid: last, ask: last, volume: 100 };
        }),
      }),
    );
  });
  await new Promise<void>((r) => vendor.listen(0, '127.0.0.1', r));
  t = await createTestApp({
    QUOTE_SOURCE: 'http',
    QUOTE_URL: `http://127.0.0.1:${(vendor.address() as AddressInfo).port}/q`,
    QUOTE_INTERVAL_MS: '100',
    QUOTE_CLOCK_START: '2026-11-24T10:00:00+08:00',
  });
  admin = (await signedIn(t, 'admin')).token;
  for (const s of STOCKS) {
    const r = (await post(t, '/admin/stock/add.do', { code: s.code, name: s.name, market: s.market }, { token: admin })).json();
    expect(r.status).toBe(0);
  }
  const cur = (await post(t, '/admin/risk/stock/get.do', {}, { token: admin })).json().data;
  const r = await post(
    t,
    '/admin/risk/stock/update.do',
    { ...DEFAULT_STOCK_RISK, minHoldMinutes: 0, maxBuysInWindow: 1000, version: cur.version },
    { token: admin, json: true },
  );
  expect(r.json().status).toBe(0);
  await waitPrices();
}, 60_000);
afterAll(async () => {
  await t.close();
  vendor.closeAllConnections();
  vendor.close();
});

/**
 * Waits until the feed serves the prices set (one tick) and they are in the `quotes` table too: the watcher reads
 * prices through SQL, and on PostgreSQL the tick's upsert lands a little after the in-memory quotes.
 */
async function waitPrices() {
  for (let i = 0; i < 400; i++) {
    const memory = [...prices].every(([gid, p]) => new Decimal(t.app.market.tradablePrice(gid) ?? '0').eq(p));
    if (memory) {
      const stored = rows<{ gid: string; last: string }>(await t.app.ctx.db.execute(sql`SELECT gid, last::text FROM quotes`));
      if ([...prices].every(([gid, p]) => stored.some((r) => r.gid === gid && new Decimal(r.last).eq(p)))) return;
    }
    await sleep(25);
  }
  throw new Error('the feed did not take the new prices');
}

/** A new price for every stock inside ±9 % of its previous close; now and then a crash to near the limit-down. */
async function movePrices() {
  for (const s of STOCKS) {
    const crash = rand() < 0.15;
    const pct = crash ? -9 + rand() : -8 + rand() * 16;
    prices.set(
      `${s.market}${s.code}`,
      new Decimal(s.prev)
        .times(100 + pct)
        .dividedBy(100)
        .toDecimalPlaces(2)
        .toFixed(2),
    );
  }
  await waitPrices();
}

const q = async <T>(query: ReturnType<typeof sql>) => rows<T>(await t.app.ctx.db.execute(query));

describe('a seeded random trading run', () => {
  it('keeps the ledger balanced and every balance non-negative', async () => {
    const agentId = await makeAgent(t);
    agentStaff = (await signedIn(t, 'agent', { agentId })).token;
    const traders: { id: number; token: string }[] = [];
    for (let i = 0; i < 24; i++) {
      const id = await makeUser(t, { agentId: i % 3 === 0 ? agentId : null });
      await credit(t, id, pick(['20000.00', '80000.00', '300000.00', '1500000.00']));
      traders.push({ id, token: await appToken(t, id) });
    }
    const done: Record<string, number> = {};
    const refused: Record<string, number> = {};
    const count = (op: string, r: { status: number; msg: string }, http = 200) => {
      // a 5xx or an envelope without a message is a defect whatever the operation
      expect(http, `${op}: ${r.msg}`).toBeLessThan(500);
      expect(typeof r.msg).toBe('string');
      if (r.status === 0) done[op] = (done[op] ?? 0) + 1;
      else refused[op] = (refused[op] ?? 0) + 1;
    };
    const adminCall = async (path: string, body: Record<string, unknown>, token = admin) => {
      const res = await post(t, `/admin/${path}`, body, { token, json: true });
      return { http: res.statusCode, ...(res.json() as { status: number; msg: string; data: unknown }) };
    };
    const appCall = async (path: string, body: Record<string, unknown>, token: string) => {
      const res = await appPost(t, `/app/${path}`, body, token, { json: true });
      return { http: res.statusCode, ...(res.json() as { status: number; msg: string; data: unknown }) };
    };
    const pending = (kind: 'buy' | 'sell') =>
      q<{ id: number; user_id: number }>(sql`SELECT id, user_id FROM orders WHERE kind = ${kind} AND status = 'pending' ORDER BY id`);
    const open = () =>
      q<{ id: number; user_id: number; locked: boolean }>(sql`SELECT id, user_id, locked FROM positions WHERE status = 'open'`);
    // the simulated days follow this machine's clock: a position opened now is charged from the next night on
    const base = Date.now();

    for (let i = 0; i < OPS; i++) {
      const day = Math.floor((i * DAYS) / OPS);
      if (i > 0 && i % 150 === 0) await movePrices();
      if (i > 0 && Math.floor(((i - 1) * DAYS) / OPS) !== day) {
        // a new simulated day: the night's deferral fee, then the watcher at today's prices
        await chargeDeferral(t.app.ctx, new Date(base + day * 86_400_000));
        await sweepPositions(t.app.ctx);
        done.day = (done.day ?? 0) + 1;
      }
      const u = pick(traders);
      const roll = rand();
      if (roll < 0.3) {
        const s = pick(STOCKS);
        const r = await appCall(
          'order/buy.do',
          {
            gid: `${s.market}${s.code}`,
            shares: int(1, 30) * 100,
            leverage: pick(DEFAULT_STOCK_RISK.leverages),
            direction: rand() < 0.75 ? 'long' : 'short',
          },
          u.token,
        );
        count('buy', r, r.http);
      } else if (roll < 0.36) {
        // the owner of a pending buy cancels it (a random user rarely has one waiting, and 'cancel' must happen)
        const p = await pending('buy');
        if (p.length) {
          const o = pick(p);
          count('cancel', await appCall('order/cancel.do', { id: o.id }, traders.find((x) => x.id === o.user_id)!.token));
        }
      } else if (roll < 0.52) {
        const p = await pending('buy');
        if (p.length) {
          const o = pick(p);
          const approve = rand() < 0.8;
          const body = approve ? { id: o.id, approve } : { id: o.id, approve, reason: '风控拒绝' };
          if (rand() < 0.1) {
            // a racing double click: exactly one review wins
            const rs = await Promise.all([0, 1, 2, 3].map(() => adminCall('order/review.do', body)));
            expect(rs.filter((r) => r.status === 0)).toHaveLength(rs.some((r) => r.status === 0) ? 1 : 0);
            for (const r of rs) count('reviewRace', r, r.http);
          } else count(approve ? 'approve' : 'reject', await adminCall('order/review.do', body));
        }
      } else if (roll < 0.56) {
        const p = await pending('buy');
        if (p.length >= 2) {
          const ids = p.slice(0, int(2, 6)).map((o) => o.id);
          const approve = rand() < 0.7;
          const r = await adminCall('order/batchReview.do', approve ? { ids, approve } : { ids, approve, reason: '批量拒绝' });
          count('batch', r, r.http);
        }
      } else if (roll < 0.7) {
        const mine = (await open()).filter((p) => p.user_id === u.id);
        if (mine.length) count('sell', await appCall('position/sell.do', { id: pick(mine).id }, u.token));
      } else if (roll < 0.8) {
        const p = await pending('sell');
        if (p.length) {
          const approve = rand() < 0.85;
          const o = pick(p);
          count(
            'sellReview',
            await adminCall('order/review.do', approve ? { id: o.id, approve } : { id: o.id, approve, reason: '价格异常' }),
          );
        }
      } else if (roll < 0.84) {
        const p = await open();
        if (p.length) {
          // agent staff may close only their subtree's positions: refusals are expected and counted
          const token = rand() < 0.3 ? agentStaff : admin;
          count('forceClose', await adminCall('position/forceClose.do', { id: pick(p).id, reason: '人工平仓' }, token));
        }
      } else if (roll < 0.88) {
        const p = await open();
        if (p.length) {
          const x = pick(p);
          count(
            'lock',
            await adminCall('position/lock.do', x.locked ? { id: x.id, locked: false } : { id: x.id, locked: true, reason: '核查' }),
          );
        }
      } else if (roll < 0.93) {
        const s = pick(STOCKS);
        const gid = `${s.market}${s.code}`;
        const r = await adminCall('position/create.do', {
          userId: u.id,
          gid,
          shares: int(1, 20) * 100,
          leverage: pick(DEFAULT_STOCK_RISK.leverages),
          price: prices.get(gid)!,
          direction: rand() < 0.8 ? 'long' : 'short',
        });
        count('create', r, r.http);
      } else if (roll < 0.97) {
        await credit(t, u.id, pick(['1000.00', '5000.00', '50000.00']));
        done.credit = (done.credit ?? 0) + 1;
      } else {
        done.sweep = (done.sweep ?? 0) + 1;
        await sweepPositions(t.app.ctx);
      }
    }

    // the last day: a user all in on 600036 at ×10 with no spare cash, then a crash to 9 % below the previous
    // close — the watcher must close them (whatever the random days brought)
    const gid = 'sh600036';
    prices.set(gid, '40.00');
    await waitPrices();
    const allIn = await makeUser(t);
    await credit(t, allIn, '4012.00'); // 1,000 × 40 ÷ 10 = 4,000 margin + fee 12.00
    const created = await adminCall('position/create.do', { userId: allIn, gid, shares: 1000, leverage: 10, price: '40.00' });
    expect(created.status, created.msg).toBe(0);
    prices.set(gid, '36.40');
    await waitPrices();
    await sweepPositions(t.app.ctx);
    const [last] = await q<{ status: string; close_kind: string }>(
      sql`SELECT status, close_kind FROM positions WHERE id = ${(created.data as { id: number }).id}`,
    );
    expect(last).toEqual({ status: 'closed', close_kind: 'force' });

    // every kind of operation happened, and the rules refused some of them
    for (const op of ['buy', 'cancel', 'approve', 'reject', 'batch', 'sell', 'sellReview', 'forceClose', 'lock', 'create', 'credit'])
      expect(done[op] ?? 0, `${op} in ${JSON.stringify(done)}`).toBeGreaterThan(5);
    expect(done.day).toBe(DAYS - 1);
    expect(Object.values(refused).reduce((a, b) => a + b, 0)).toBeGreaterThan(20);
    const [closes] = await q<{ force: number; sold: number }>(
      sql`SELECT count(*) FILTER (WHERE close_kind = 'force')::int AS force, count(*) FILTER (WHERE close_kind = 'sell')::int AS sold FROM positions`,
    );
    expect(closes!.force).toBeGreaterThan(0);
    expect(closes!.sold).toBeGreaterThan(0);
    const [deferral] = await q<{ n: number }>(sql`SELECT count(*)::int AS n FROM fund_records WHERE type = 'deferral_fee'`);
    expect(deferral!.n).toBeGreaterThan(0);

    const report = await verifyLedger(t.app.ctx.db);
    expect(report.offenders).toEqual([]);
    const negatives = await q<{ id: number }>(sql`SELECT id FROM users WHERE user_amt < 0 OR enable_amt < 0 OR frozen_amt < 0`);
    expect(negatives).toEqual([]);
    const badPositions = await q<{ id: number }>(sql`SELECT id FROM positions WHERE margin < 0 OR shares <= 0`);
    expect(badPositions).toEqual([]);
    // what free cash could not cover is a recorded debt, never a negative balance
    const [holds] = await q<{ frozen: string; held: string }>(sql`
      SELECT (SELECT coalesce(sum(frozen_amt), 0) FROM users)::text AS frozen,
             (SELECT coalesce(sum(hold), 0) FROM orders WHERE kind = 'buy' AND status = 'pending')::text AS held`);
    expect(new Decimal(holds!.frozen).gte(holds!.held)).toBe(true);
  }, 600_000);
});
