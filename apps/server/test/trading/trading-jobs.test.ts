import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { DEFAULT_STOCK_RISK } from '@stock-admin/contracts';
import { rows } from '../../src/db/rows.js';
import { verifyLedger } from '../../src/modules/fundrecords/ledger/index.js';
import { chargeDeferral, snapshotPositions } from '../../src/modules/trading/jobs.js';
import { sweepPositions } from '../../src/modules/trading/sweep.js';
import { balances, captureEvents, credit, makeAgent, makeUser } from '../funds/funds.helpers.js';
import { createTestApp, post, signedIn, type TestApp } from '../helpers.js';
import { sleep } from '../realtime/realtime.helpers.js';

/** A vendor whose price stands still at 40.00 (previous close 40.00): P/L is exact. */
let vendor: http.Server;
let t: TestApp;
let admin: string;
beforeAll(async () => {
  vendor = http.createServer((req, res) => {
    const symbols = new URL(req.url!, 'http://x').searchParams.get('symbols')!.split(',');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        data: symbols.map((symbol) => ({ symbol, last: '40.00', prevClose: '40.00', bid: '39.99', ask: '40.01', volume: 100 })),
      }),
    );
  });
  await new Promise<void>((r) => vendor.listen(0, '127.0.0.1', r));
  t = await createTestApp({
    QUOTE_SOURCE: 'http',
    QUOTE_URL: `http://127.0.0.1:${(vendor.address() as AddressInfo).port}/q`,
    QUOTE_INTERVAL_MS: '150',
    QUOTE_CLOCK_START: '2026-11-24T10:00:00+08:00',
  });
  admin = (await signedIn(t, 'admin')).token;
  expect((await post(t, '/admin/stock/add.do', { code: '600036', name: '招商银行', market: 'sh' }, { token: admin })).json().status).toBe(
    0,
  );
  // the watcher reads the stored quote, written a little after the in-memory one: both, before any test sweeps
  const stored = async () => rows(await t.app.ctx.db.execute(sql`SELECT 1 FROM quotes WHERE gid = 'sh600036' AND NOT stale`)).length === 1;
  for (let i = 0; i < 200 && !(t.app.market.tradablePrice('sh600036') && (await stored())); i++) await sleep(50);
  const cur = (await post(t, '/admin/risk/stock/get.do', {}, { token: admin })).json().data;
  await post(t, '/admin/risk/stock/update.do', { ...DEFAULT_STOCK_RISK, version: cur.version }, { token: admin, json: true });
});
afterAll(async () => {
  await t.close();
  vendor.closeAllConnections();
  vendor.close();
});

/**
 * A position of 1,000 shares bought at 44.00 with leverage 10 (margin 4,400.00, fee 13.20) for a user left
 * with `free` of free cash: at 40.00 its P/L is −4,000, and the line is 80 % × (free + 4,400).
 */
async function atRisk(free: string) {
  const id = await makeUser(t);
  await credit(t, id, (4400 + 13.2 + Number(free)).toFixed(2));
  const r = (
    await post(
      t,
      '/admin/position/create.do',
      { userId: id, gid: 'sh600036', shares: 1000, leverage: 10, price: '44.00' },
      { token: admin, json: true },
    )
  ).json();
  expect(r.status).toBe(0);
  expect((await balances(t, id)).enableAmt).toBe(free);
  return { userId: id, positionId: r.data.id as number };
}
const statusOf = async (id: number) =>
  rows<{ status: string; close_kind: string | null }>(
    await t.app.ctx.db.execute(sql`SELECT status, close_kind FROM positions WHERE id = ${id}`),
  )[0]!;

describe('the force-close watcher', () => {
  it('closes at the line and not a cent before, warning first, and tells the operators', async () => {
    const below = await atRisk('601.00'); // line 4,000.80: a loss of 4,000 is not there yet
    const at = await atRisk('600.00'); // line 4,000.00: reached
    const warnings = (await post(t, '/admin/position/warnings.do', {}, { token: admin })).json().data;
    const w = warnings.find((x: { userId: number }) => x.userId === below.userId);
    expect(w).toMatchObject({ pnl: '-4000.00', line: '4000.80', freeCash: '601.00', margins: '4400.00' });
    // the positions list shows each open position's distance to its user's line: 4,000 / 4,000.80 = 99.98 %
    const listed = (await post(t, '/admin/position/list.do', { userId: below.userId }, { token: admin })).json().data.list;
    expect(listed.map((p: { lineRatioPct: string; lineWarning: boolean }) => [p.lineRatioPct, p.lineWarning])).toEqual([['99.98', true]]);
    const events = captureEvents(t);
    const r = await sweepPositions(t.app.ctx);
    expect(r).toMatchObject({ users: 1, closed: 1 });
    expect(await statusOf(at.positionId)).toEqual({ status: 'closed', close_kind: 'force' });
    expect(await statusOf(below.positionId)).toEqual({ status: 'open', close_kind: null });
    // P/L −4,000; fee 12.00, stamp 20.00: 4,400 − 4,032 = 368 back to free cash
    expect(await balances(t, at.userId)).toEqual({ userAmt: '968.00', enableAmt: '968.00', frozenAmt: '0.00' });
    expect(events.filter((e) => e.type === 'FORCE_CLOSED').map((e) => e.userId)).toEqual([at.userId]);
    expect((await sweepPositions(t.app.ctx)).closed).toBe(0);
    expect((await verifyLedger(t.app.ctx.db)).offenders).toEqual([]);
  });

  it('leaves locked positions to the operator', async () => {
    const p = await atRisk('0.00');
    await post(t, '/admin/position/lock.do', { id: p.positionId, locked: true, reason: '人工处理' }, { token: admin, json: true });
    await sweepPositions(t.app.ctx);
    expect((await statusOf(p.positionId)).status).toBe('open');
    await post(t, '/admin/position/lock.do', { id: p.positionId, locked: false }, { token: admin, json: true });
    await sweepPositions(t.app.ctx);
    expect((await statusOf(p.positionId)).status).toBe('closed');
  });
});

describe('the force-close sweep in batches', () => {
  /** A position created for `userId` (direction, price) at 1,000 shares × 10. */
  const create = async (userId: number, price: string, direction: 'long' | 'short' = 'long') => {
    const r = (
      await post(
        t,
        '/admin/position/create.do',
        { userId, gid: 'sh600036', shares: 1000, leverage: 10, price, direction },
        { token: admin, json: true },
      )
    ).json();
    expect(r.status, r.msg).toBe(0);
    return r.data.id as number;
  };
  const closeRow = async (id: number) =>
    rows<{ status: string; pnl: string; sell_fee: string; stamp_duty: string; close_reason: string }>(
      await t.app.ctx.db.execute(
        sql`SELECT status, pnl::text, sell_fee::text, stamp_duty::text, close_reason FROM positions WHERE id = ${id}`,
      ),
    )[0]!;

  it('closes every user past the line, batch by batch: each user’s positions in turn, debts, commissions, one refused user left alone', async () => {
    const agentId = await makeAgent(t);
    await t.app.ctx.db.execute(sql`UPDATE agents SET fee_rate = 0.5 WHERE id = ${agentId}`);
    const agentBalance = async () =>
      rows<{ b: string }>(await t.app.ctx.db.execute(sql`SELECT balance::text AS b FROM agents WHERE id = ${agentId}`))[0]!.b;
    const before = await agentBalance();
    // two longs at 44.00 with no cash to spare: the first gives back 368.00, which the second's settlement sees
    const two = await makeUser(t, { agentId });
    await credit(t, two, (2 * (4400 + 13.2)).toFixed(2));
    const twoIds = [await create(two, '44.00'), await create(two, '44.00')];
    // a long at 44.00 then a short at 36.00 (margin 3,600, fee 10.80): the long gives back 368.00 first, and the short's
    // loss of 4,032 with costs — 432 beyond its margin — takes those 368 and leaves a debt of 64.00
    const short = await makeUser(t, { agentId });
    await credit(t, short, '8024.00');
    await create(short, '44.00');
    const shortId = await create(short, '36.00', 'short');
    // more users past the line than one batch, and one of them refused by the ledger (removed behind the service's back)
    const others: { userId: number; positionId: number }[] = [];
    for (let i = 0; i < 4; i++) others.push(await atRisk('0.00'));
    await t.app.ctx.db.execute(sql`UPDATE users SET deleted_at = now() WHERE id = ${others[1]!.userId}`);

    const r = await sweepPositions(t.app.ctx, { batch: 2 });
    expect(r).toMatchObject({ users: 5, closed: 7, skipped: 1 });
    // 4,400 − 4,032 = 368 back from the first; the second gives 368 too
    expect(await balances(t, two)).toEqual({ userAmt: '736.00', enableAmt: '736.00', frozenAmt: '0.00' });
    for (const id of twoIds)
      expect(await closeRow(id)).toMatchObject({ status: 'closed', pnl: '-4000.00', sell_fee: '12.00', stamp_duty: '20.00' });
    expect((await closeRow(twoIds[0]!)).close_reason).toBe('P/L -8000.00 ≤ −7040.00');
    expect(await balances(t, short)).toEqual({ userAmt: '0.00', enableAmt: '0.00', frozenAmt: '0.00' });
    const debts = rows<{ amount: string }>(
      await t.app.ctx.db.execute(sql`SELECT amount::text FROM trading_debts WHERE user_id = ${short} AND kind = 'loss'`),
    );
    expect(debts).toEqual([{ amount: '64.00' }]);
    expect((await closeRow(shortId)).pnl).toBe('-4000.00');
    // the agent's commission: half of every fee of its users, buys (3 × 13.20 + 10.80) and sells (4 × 12.00)
    expect(new Decimal(await agentBalance()).minus(before).toFixed(2)).toBe('49.20');
    expect((await statusOf(others[1]!.positionId)).status).toBe('open');
    for (const o of [others[0]!, others[2]!, others[3]!]) expect((await statusOf(o.positionId)).status).toBe('closed');
    await t.app.ctx.db.execute(sql`UPDATE users SET deleted_at = NULL WHERE id = ${others[1]!.userId}`);
    expect((await sweepPositions(t.app.ctx)).closed).toBe(1);
    expect((await verifyLedger(t.app.ctx.db)).offenders).toEqual([]);
  });

  it('halves a batch a refused user undid, down to that user: a few transactions more, not one per user', async () => {
    const users: { userId: number; positionId: number }[] = [];
    for (let i = 0; i < 16; i++) users.push(await atRisk('0.00'));
    await t.app.ctx.db.execute(sql`UPDATE users SET deleted_at = now() WHERE id = ${users[11]!.userId}`);
    const transactions = vi.spyOn(t.app.ctx.db, 'transaction');
    try {
      const r = await sweepPositions(t.app.ctx, { batch: 16 });
      expect(r).toMatchObject({ users: 15, closed: 15, skipped: 1 });
      // 16, then 8 + 8, 4 + 4, 2 + 2, 1 + 1 (one user by one: 17)
      expect(transactions).toHaveBeenCalledTimes(9);
    } finally {
      transactions.mockRestore();
    }
    expect((await statusOf(users[11]!.positionId)).status).toBe('open');
    for (const u of users.filter((_, i) => i !== 11)) expect((await statusOf(u.positionId)).status).toBe('closed');
    await t.app.ctx.db.execute(sql`UPDATE users SET deleted_at = NULL WHERE id = ${users[11]!.userId}`);
    expect((await sweepPositions(t.app.ctx)).closed).toBe(1);
    expect((await verifyLedger(t.app.ctx.db)).offenders).toEqual([]);
  });
});

describe('the daily deferral fee and the close snapshot', () => {
  it('charges each position once per calendar day, and what free cash cannot pay becomes the day’s debt', async () => {
    const rich = await atRisk('10000.00');
    const poor = await atRisk('5.00');
    // the nights after the positions were opened (now, by this machine's clock): tomorrow and the day after, in Shanghai
    const shanghaiDay = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
    const day = shanghaiDay(Date.now() + 86_400_000);
    const day1 = new Date(`${day}T23:50:00+08:00`);
    const first = await chargeDeferral(t.app.ctx, day1);
    expect(first.charged).toBeGreaterThanOrEqual(2);
    expect((await chargeDeferral(t.app.ctx, day1)).charged).toBe(0);
    // 44,000 × 0.05 % = 22.00
    expect((await balances(t, rich.userId)).enableAmt).toBe('9978.00');
    expect((await balances(t, poor.userId)).enableAmt).toBe('0.00');
    const debts = rows<{ kind: string; amount: string; day: string }>(
      await t.app.ctx.db.execute(sql`SELECT kind, amount::text, day::text FROM trading_debts WHERE user_id = ${poor.userId}`),
    );
    expect(debts).toEqual([{ kind: 'deferral', amount: '17.00', day }]);
    await chargeDeferral(t.app.ctx, new Date(day1.getTime() + 86_400_000));
    const [p] = rows<{ deferral_fee: string; deferral_days: number }>(
      await t.app.ctx.db.execute(sql`SELECT deferral_fee::text, deferral_days FROM positions WHERE id = ${rich.positionId}`),
    );
    expect(p).toEqual({ deferral_fee: '44.00', deferral_days: 2 });
    expect((await verifyLedger(t.app.ctx.db)).offenders).toEqual([]);
  });

  it('snapshots open positions once per day', async () => {
    const a = await snapshotPositions(t.app.ctx);
    expect(a.rows).toBeGreaterThan(0);
    expect((await snapshotPositions(t.app.ctx)).rows).toBe(0);
  });
});
