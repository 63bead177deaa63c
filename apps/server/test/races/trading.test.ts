import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEFAULT_STOCK_RISK } from '@stock-admin/contracts';
import { rows } from '../../src/db/rows.js';
import { setReferencePrices } from '../../src/modules/market/store.js';
import { appToken, balances, credit, makeUser } from '../funds/funds.helpers.js';
import { post, signedIn, type TestApp } from '../helpers.js';
import { sleep } from '../realtime/realtime.helpers.js';
import { twoInstances } from './instances.js';
import { call, decided, ledgerVerified, race, report } from './kit.js';

/**
 * Issue 36: operators (and users) acting on the same trading rows at once, on PostgreSQL with two instances.
 * Each race: one outcome, clean refusals in the envelope for the losers, no 5xx; the ledger verified after.
 */
const PG = !!process.env.DATABASE_URL;
let inst: Awaited<ReturnType<typeof twoInstances>>;
let apps: TestApp[];
let op1: string;
let op2: string;
const GIDS = ['sh600036', 'sz000001'];

beforeAll(async () => {
  if (!PG) return;
  inst = await twoInstances({ QUOTE_INTERVAL_MS: '200', QUOTE_CLOCK_START: '2026-11-24T10:00:00+08:00', QUOTE_SEED: 'races' });
  apps = [inst.a, inst.b];
  const a = inst.a;
  op1 = (await signedIn(a, 'admin')).token;
  op2 = (await signedIn(a, 'admin')).token;
  await setReferencePrices(a.app.ctx.db, [
    { gid: 'sh600036', prevClose: '40.00' },
    { gid: 'sz000001', prevClose: '12.00' },
  ]);
  for (const [code, name, market] of [
    ['600036', '招商银行', 'sh'],
    ['000001', '平安银行', 'sz'],
  ]) {
    expect((await post(a, '/admin/stock/add.do', { code, name, market }, { token: op1 })).json().status).toBe(0);
  }
  const cur = (await post(a, '/admin/risk/stock/get.do', {}, { token: op1 })).json().data;
  const r = await post(
    a,
    '/admin/risk/stock/update.do',
    { ...DEFAULT_STOCK_RISK, minHoldMinutes: 0, maxBuysInWindow: 100, version: cur.version },
    { token: op1, json: true },
  );
  expect(r.json().status).toBe(0);
  const ready = () => apps.every((t) => GIDS.every((g) => t.app.market.tradablePrice(g) && t.app.market.quote(g)?.ask != null));
  for (let i = 0; i < 400 && !ready(); i++) await sleep(50);
  expect(ready()).toBe(true);
}, 120_000);
afterAll(async () => {
  if (!PG) return;
  report('trading races');
  await inst.close();
});

async function trader(cash = '1000000.00') {
  const id = await makeUser(inst.a);
  await credit(inst.a, id, cash);
  return { id, token: await appToken(inst.a, id) };
}
const buy = async (u: { token: string }, gid = GIDS[0]!) => {
  const r = (await call(inst.a, '/app/order/buy.do', { gid, shares: 100, leverage: 2 }, { user: u.token })).json();
  expect(r.status, r.msg).toBe(0);
  return r.data as { id: number };
};
const review =
  (id: number, approve: boolean, token = op1) =>
  (t: TestApp) =>
    call(t, '/admin/order/review.do', approve ? { id, approve } : { id, approve, reason: '风控' }, { admin: token });
async function openPosition(u: { token: string }, gid?: string) {
  const o = await buy(u, gid);
  const r = (await review(o.id, true)(inst.a)).json();
  expect(r.status, r.msg).toBe(0);
  return r.data.positionId as number;
}

describe.skipIf(!PG)('trading races on two instances', () => {
  it('30 operators approve or reject one buy: one outcome, 29 told it was already handled', async () => {
    for (let k = 0; k < 5; k++) {
      const u = await trader();
      const o = await buy(u, GIDS[k % 2]);
      const answers = await race(
        apps,
        Array.from({ length: 30 }, (_, i) => review(o.id, i % 3 !== 0, i % 2 ? op1 : op2)),
      );
      for (const a of answers.filter((x) => x.status !== 0)) expect(a.msg).toMatch(/^该委托已处理（(已通过|已驳回)）$/);
    }
    await ledgerVerified(inst.a);
  });

  it('many buys of many users approved at once by two operators: each once', async () => {
    const users = await Promise.all(Array.from({ length: 12 }, () => trader()));
    const orders = await Promise.all(users.map((u, i) => buy(u, GIDS[i % 2])));
    await race(
      apps,
      orders.flatMap((o) => [review(o.id, true, op1), review(o.id, true, op2), review(o.id, false, op1)]),
      orders.length,
    );
    await ledgerVerified(inst.a);
  });

  it('a batch review against single reviews of the same buys: each decided once', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => trader()));
    const ids = (await Promise.all(users.map((u, i) => buy(u, GIDS[i % 2])))).map((o) => o.id);
    const answers = await race(
      apps,
      [
        (t: TestApp) => call(t, '/admin/order/batchReview.do', { ids, approve: false, reason: '批量驳回' }, { admin: op1 }),
        ...ids.map((id) => review(id, true, op2)),
        (t: TestApp) => call(t, '/admin/order/batchReview.do', { ids, approve: true }, { admin: op2 }),
      ],
      (ok) => ok >= 2,
    );
    expect(decided(answers, (b) => b.ok!)).toBe(ids.length);
    await ledgerVerified(inst.a);
  });

  it('the user cancels while operators approve: exactly one wins', async () => {
    for (let k = 0; k < 6; k++) {
      const u = await trader();
      const o = await buy(u);
      const answers = await race(apps, [
        (t) => call(t, '/app/order/cancel.do', { id: o.id }, { user: u.token }),
        review(o.id, true, op1),
        review(o.id, true, op2),
        (t) => call(t, '/app/order/cancel.do', { id: o.id }, { user: u.token }),
      ]);
      expect(answers.filter((a) => a.status === 0)).toHaveLength(1);
      const b = await balances(inst.a, u.id);
      expect(b.frozenAmt).toBe('0.00');
    }
    await ledgerVerified(inst.a);
  });

  it('a sell approval against a force close of the same positions: each position closed once', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => trader()));
    const positions: number[] = [];
    for (const u of users) positions.push(await openPosition(u), await openPosition(u, GIDS[1]));
    const sells: number[] = [];
    for (const [i, p] of positions.entries()) {
      const r = (await call(inst.a, '/app/position/sell.do', { id: p }, { user: users[Math.floor(i / 2)]!.token })).json();
      expect(r.status, r.msg).toBe(0);
      sells.push(r.data.id);
    }
    // every position: approve its sell twice and force-close it twice, all at once
    await race(
      apps,
      positions.flatMap((p, i) => [
        review(sells[i]!, true, op1),
        (t: TestApp) => call(t, '/admin/position/forceClose.do', { id: p, reason: '风控平仓' }, { admin: op2 }),
        review(sells[i]!, true, op2),
        (t: TestApp) => call(t, '/admin/position/forceClose.do', { id: p, reason: '风控平仓' }, { admin: op1 }),
      ]),
      positions.length,
    );
    await ledgerVerified(inst.a);
  });

  it('the user sells while an operator force-closes: closed once, and no sell left waiting for a closed position', async () => {
    const u = await trader();
    const positions: number[] = [];
    for (let i = 0; i < 8; i++) positions.push(await openPosition(u, GIDS[i % 2]));
    for (const p of positions) {
      const answers = await race(
        apps,
        [
          (t: TestApp) => call(t, '/app/position/sell.do', { id: p }, { user: u.token }),
          (t: TestApp) => call(t, '/admin/position/forceClose.do', { id: p, reason: '风控平仓' }, { admin: op1 }),
        ],
        (ok) => ok >= 1,
      );
      expect(answers[1]!.status, answers[1]!.msg).toBe(0);
    }
    const [left] = rows<{ n: number }>(
      await inst.a.app.ctx.db.execute(sql`SELECT count(*)::int AS n FROM orders o JOIN positions p ON p.id = o.position_id
        WHERE o.kind = 'sell' AND o.status = 'pending' AND p.status = 'closed'`),
    );
    expect(left!.n).toBe(0);
    await ledgerVerified(inst.a);
  });
});
