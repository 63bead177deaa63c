import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { DEFAULT_STOCK_RISK } from '@stock-admin/contracts';
import { rows } from '../../src/db/rows.js';
import { verifyLedger } from '../../src/modules/fundrecords/ledger/index.js';
import { setReferencePrices } from '../../src/modules/market/store.js';
import { appPost, appToken, balances, captureEvents, credit, makeAgent, makeUser } from '../funds/funds.helpers.js';
import { createTestApp, get, post, signedIn, type TestApp } from '../helpers.js';
import { sleep } from '../realtime/realtime.helpers.js';

/** Block trades (issue 22): products, the platform user's requests and their review. */
let t: TestApp;
let admin: string;
const OPEN = { startsAt: '2026-11-24T09:00:00+08:00', endsAt: '2026-11-26T15:00:00+08:00' };
beforeAll(async () => {
  t = await createTestApp({ QUOTE_INTERVAL_MS: '200', QUOTE_CLOCK_START: '2026-11-24T10:00:00+08:00', QUOTE_SEED: 'block' });
  admin = (await signedIn(t, 'admin')).token;
  await setReferencePrices(t.app.ctx.db, [{ gid: 'sh600036', prevClose: '40.00' }]);
  expect((await post(t, '/admin/stock/add.do', { code: '600036', name: '招商银行', market: 'sh' }, { token: admin })).json().status).toBe(
    0,
  );
  const cur = (await post(t, '/admin/risk/stock/get.do', {}, { token: admin })).json().data;
  await post(t, '/admin/risk/stock/update.do', { ...DEFAULT_STOCK_RISK, version: cur.version }, { token: admin, json: true });
  for (let i = 0; i < 100 && !t.app.market.tradablePrice('sh600036'); i++) await sleep(50);
});
afterAll(() => t.close());

const adminCall = (path: string, body: Record<string, unknown>, token = admin, lang?: string) =>
  post(t, `/admin/stockDz/${path}`, body, { token, json: true, lang }).then((r) => ({ http: r.statusCode, ...r.json() }));
const app = (path: string, body: Record<string, unknown>, token: string, lang?: string) =>
  appPost(t, `/app/stockDz/${path}`, body, token, { json: true, lang }).then((r) => r.json());
async function product(over: Record<string, unknown> = {}) {
  const r = await adminCall('add.do', {
    gid: 'sh600036',
    priceMode: 'fixed',
    fixedPrice: '36.00',
    minShares: 100,
    maxShares: 5000,
    totalShares: 10000,
    tradeKey: 'key-8848',
    ...OPEN,
    ...over,
  });
  expect(r.status, r.msg).toBe(0);
  return r.data as { id: number; leftShares: number };
}
async function trader(cash = '1000000.00', o: Parameters<typeof makeUser>[1] = {}) {
  const id = await makeUser(t, o);
  await credit(t, id, cash);
  return { id, token: await appToken(t, id) };
}
const productRow = async (id: number) =>
  (await adminCall('list.do', { pageNum: 1, pageSize: 100 })).data.list.find((x: { id: number }) => x.id === id);
const ledgerOk = async () => expect((await verifyLedger(t.app.ctx.db)).offenders).toEqual([]);
const leftOf = async (id: number) =>
  rows<{ left_shares: number }>(await t.app.ctx.db.execute(sql`SELECT left_shares FROM block_products WHERE id = ${id}`))[0]!.left_shares;

describe('block-trade products', () => {
  it('validates every field by name, keeps the key out of answers, prices at the discount of the live quote', async () => {
    const bad = async (over: Record<string, unknown>) =>
      (
        await adminCall('add.do', {
          gid: 'sh600036',
          priceMode: 'discount',
          discount: '0.9',
          minShares: 100,
          maxShares: 1000,
          totalShares: 1000,
          tradeKey: 'abcd',
          ...OPEN,
          ...over,
        })
      ).msg;
    expect(await bad({ discount: '1.6' })).toBe('参数错误：discount 须为大于 0 且不超过 1.5 的折扣系数');
    expect(await bad({ discount: '0' })).toMatch(/^参数错误：discount /);
    expect(await bad({ maxShares: 50 })).toMatch(/^参数错误：maxShares /);
    expect(await bad({ minShares: 2000 })).toBe('参数错误：maxShares 不能小于最小认购数量');
    expect(await bad({ endsAt: OPEN.startsAt })).toBe('参数错误：endsAt 须晚于开始时间');
    const en = await adminCall(
      'add.do',
      {
        gid: 'sh600036',
        priceMode: 'discount',
        discount: '2',
        minShares: 100,
        maxShares: 100,
        totalShares: 100,
        tradeKey: 'abcd',
        ...OPEN,
      },
      admin,
      'en-US',
    );
    expect(en.msg).toBe('Invalid argument: discount must be a multiplier above 0 and at most 1.5');
    const p = await product({ priceMode: 'discount', discount: '0.92', fixedPrice: undefined });
    const listed = (await adminCall('list.do', { window: 'open' })).data.list.find((x: { id: number }) => x.id === p.id);
    const last = t.app.market.tradablePrice('sh600036')!;
    expect(listed).toMatchObject({
      window: 'open',
      leftShares: 10000,
      discount: '0.92',
      price: new Decimal(last).times('0.92').toDecimalPlaces(2).toFixed(2),
    });
    expect(JSON.stringify(listed)).not.toMatch(/key/i);
    const upcoming = await product({ startsAt: '2026-11-27T09:00:00+08:00', endsAt: '2026-11-28T15:00:00+08:00' });
    expect((await adminCall('list.do', { window: 'upcoming' })).data.list.map((x: { id: number }) => x.id)).toContain(upcoming.id);
    // the platform lists only shown, unlocked products inside their window, without the key
    const hidden = await product();
    await adminCall('updateShow.do', { id: hidden.id, shown: false });
    const u = await trader();
    const open = (await app('list.do', {}, u.token)).data as { id: number; price: string }[];
    expect(open.map((x) => x.id)).toContain(p.id);
    expect(open.map((x) => x.id)).not.toContain(upcoming.id);
    expect(open.map((x) => x.id)).not.toContain(hidden.id);
    expect(JSON.stringify(open)).not.toMatch(/key/i);
  });
});

describe('a block request from the platform API to a position', () => {
  it('refuses every broken rule with its message', async () => {
    const p = await product({ minShares: 200, maxShares: 1000, totalShares: 1000 });
    const u = await trader('100000.00');
    const buy = (over: Record<string, unknown> = {}, token = u.token, lang?: string) =>
      app('buy.do', { productId: p.id, shares: 500, tradeKey: 'key-8848', ...over }, token, lang);
    const closed = await product({ startsAt: '2026-11-27T09:00:00+08:00', endsAt: '2026-11-28T15:00:00+08:00' });
    expect((await buy({ productId: closed.id })).msg).toBe('该大宗交易不在认购时间内');
    expect((await buy({ productId: closed.id }, u.token, 'en-US')).msg).toBe('This block trade is not open for requests now');
    expect((await buy({ shares: 100 })).msg).toBe('认购数量须在 200 至 1000 股之间');
    expect((await buy({ shares: 1100 })).msg).toBe('认购数量须在 200 至 1000 股之间');
    const poor = await trader('1000.00');
    expect((await buy({}, poor.token)).msg).toMatch(/^可用资金不足，需要 18005\.40 元$/);
    expect((await buy({ shares: 250 })).msg).toBe('参数错误：shares 须为 100 股的整数倍');
    // wrong keys: four more tries this hour, then none (per user)
    const guesser = await trader();
    expect((await buy({ tradeKey: 'nope' }, guesser.token)).msg).toBe('交易密钥错误，本小时还可尝试 4 次');
    expect((await buy({ tradeKey: 'nope' }, guesser.token, 'en-US')).msg).toBe('Wrong trade key; 3 more attempts this hour');
    for (let i = 0; i < 2; i++) await buy({ tradeKey: 'nope' }, guesser.token);
    expect((await buy({ tradeKey: 'nope' }, guesser.token)).msg).toBe('交易密钥错误次数过多，请一小时后再试');
    expect((await buy({}, guesser.token)).msg).toBe('交易密钥错误次数过多，请一小时后再试');
    await adminCall('updateLock.do', { id: p.id, locked: true, reason: '暂停' });
    expect((await buy()).msg).toBe('该大宗交易已暂停');
    await adminCall('updateLock.do', { id: p.id, locked: false });
    const locked = await trader('100000.00', { tradeLocked: true });
    expect((await buy({}, locked.token)).msg).toBe('账户已被限制交易');
    // what is left: a request may not ask for more than remains
    const a = await trader();
    const b = await trader();
    expect((await buy({ shares: 800 }, a.token)).status).toBe(0);
    expect((await adminCall('review.do', { id: (await app('orders.do', {}, a.token)).data.list[0].id, approve: true })).status).toBe(0);
    expect((await buy({ shares: 300 }, b.token)).msg).toBe('剩余可认购数量不足，仅剩 200 股');
    await ledgerOk();
  });

  it('a key that matched before is refused once the operator changes it, and the new one is taken', async () => {
    // the server remembers a matched key (issue 64: one argon2 check per buy was nearly a fifth of its CPU): a change of
    // key must still shut the old one out at once
    const p = await product();
    const u = await trader();
    const buy = (tradeKey: string) => app('buy.do', { productId: p.id, shares: 100, tradeKey }, u.token);
    expect((await buy('key-8848')).status).toBe(0);
    expect((await buy('key-8848')).status).toBe(0);
    const row = await productRow(p.id);
    const { gid, priceMode, fixedPrice, minShares, maxShares, totalShares, startsAt, endsAt } = row;
    const changed = await adminCall('update.do', {
      id: p.id,
      ...{ gid, priceMode, fixedPrice, minShares, maxShares, totalShares, startsAt, endsAt },
      tradeKey: 'key-2026',
    });
    expect(changed.status, changed.msg).toBe(0);
    expect((await buy('key-8848')).msg).toBe('交易密钥错误，本小时还可尝试 4 次');
    expect((await buy('key-2026')).status).toBe(0);
    expect((await buy('key-2026')).status).toBe(0);
    const held = rows<{ n: number }>(
      await t.app.ctx.db.execute(sql`SELECT count(*)::int AS n FROM block_requests WHERE product_id = ${p.id} AND user_id = ${u.id}`),
    );
    expect(held[0]!.n).toBe(4);
  });

  it('holds price × shares and the fee, raises BUY_DZ_REQUEST and badge 20, opens a block position once under 50 clicks', async () => {
    const p = await product({ fixedPrice: '36.00' });
    const u = await trader('100000.00');
    const events = captureEvents(t);
    const r = await app('buy.do', { productId: p.id, shares: 1000, tradeKey: 'key-8848' }, u.token);
    // 36,000.00 + fee 0.03 % = 10.80 (minimum 5.00)
    expect(r).toMatchObject({
      status: 0,
      msg: '大宗交易申请已提交，等待审核',
      data: { status: 'pending', shares: 1000, price: '36.00', amount: '36000.00', fee: '10.80', hold: '36010.80' },
    });
    expect(await balances(t, u.id)).toEqual({ userAmt: '100000.00', enableAmt: '63989.20', frozenAmt: '36010.80' });
    expect(events.map((e) => e.type)).toContain('BUY_DZ_REQUEST');
    const counts = (await get(t, '/admin/system/count.do', {}, { token: admin })).json().data;
    expect(counts['20']).toBeGreaterThanOrEqual(1);
    const clicks = await Promise.all(
      Array.from({ length: 50 }, () => adminCall('review.do', { id: r.data.id, approve: true, shares: 600 })),
    );
    expect(clicks.filter((c) => c.status === 0)).toHaveLength(1);
    expect(clicks.filter((c) => c.status !== 0).every((c) => c.msg === '该申请已处理（当前状态：已通过）')).toBe(true);
    const done = clicks.find((c) => c.status === 0)!.data;
    expect(done).toMatchObject({ status: 'approved', approvedShares: 600, fillPrice: '36.00' });
    // 600 × 36 = 21,600 margin (leverage 1) + fee 6.48; the rest of the hold is free again
    expect(await balances(t, u.id)).toEqual({ userAmt: '99993.52', enableAmt: '78393.52', frozenAmt: '0.00' });
    expect(await leftOf(p.id)).toBe(9400);
    const pos = (await post(t, '/admin/position/list.do', { userId: u.id }, { token: admin })).json().data.list;
    expect(pos).toHaveLength(1);
    expect(pos[0]).toMatchObject({
      id: done.positionId,
      source: 'block',
      shares: 600,
      leverage: 1,
      buyPrice: '36.00',
      margin: '21600.00',
      direction: 'long',
    });
    expect(events.map((e) => e.type)).toContain('BUY_DZ_SETTLED');
    await ledgerOk();
  });

  it('rejects with a reason (hold back) and lets the user cancel, each once', async () => {
    const p = await product();
    const u = await trader('50000.00');
    const one = await app('buy.do', { productId: p.id, shares: 500, tradeKey: 'key-8848' }, u.token);
    const two = await app('buy.do', { productId: p.id, shares: 500, tradeKey: 'key-8848' }, u.token);
    expect((await adminCall('review.do', { id: one.data.id, approve: false })).msg).toBe('请填写拒绝原因');
    const rejects = await Promise.all(
      Array.from({ length: 50 }, () => adminCall('review.do', { id: one.data.id, approve: false, reason: '额度已满' })),
    );
    expect(rejects.filter((c) => c.status === 0)).toHaveLength(1);
    const cancels = await Promise.all(Array.from({ length: 20 }, () => app('cancel.do', { id: two.data.id }, u.token)));
    expect(cancels.filter((c) => c.status === 0)).toHaveLength(1);
    expect(await balances(t, u.id)).toEqual({ userAmt: '50000.00', enableAmt: '50000.00', frozenAmt: '0.00' });
    expect(await leftOf(p.id)).toBe(10000);
    await ledgerOk();
  });

  it('reserves at request time: never more asked for, nor sold, than is left, whatever runs at once', async () => {
    const p = await product({ minShares: 300, maxShares: 300, totalShares: 1000 });
    const users = await Promise.all(Array.from({ length: 5 }, () => trader('20000.00')));
    const asked = await Promise.all(users.map((u) => app('buy.do', { productId: p.id, shares: 300, tradeKey: 'key-8848' }, u.token)));
    expect(asked.filter((r) => r.status === 0)).toHaveLength(3);
    expect(asked.filter((r) => r.status !== 0).map((r) => r.msg)).toEqual([
      '剩余可认购数量不足，仅剩 100 股',
      '剩余可认购数量不足，仅剩 100 股',
    ]);
    // the refused users' money was never held
    for (const [i, r] of asked.entries()) if (r.status !== 0) expect((await balances(t, users[i]!.id)).frozenAmt).toBe('0.00');
    const late = await trader('20000.00');
    expect((await app('buy.do', { productId: p.id, shares: 300, tradeKey: 'key-8848' }, late.token, 'en-US')).msg).toBe(
      'Not enough left: only 100 shares',
    );
    // the platform's product list offers what can still be asked for; the console shows the reservation
    const offered = (await app('list.do', {}, late.token)).data.find((x: { id: number }) => x.id === p.id);
    expect(offered.leftShares).toBe(100);
    expect(await productRow(p.id)).toMatchObject({ leftShares: 1000, reservedShares: 900, pending: 3 });
    const ids = asked.filter((r) => r.status === 0).map((r) => r.data.id as number);
    // one approved; the other two stay pending with their money held
    expect((await adminCall('review.do', { id: ids[0], approve: true })).status).toBe(0);
    expect(await leftOf(p.id)).toBe(700);
    const pending = (await adminCall('requestList.do', { productId: p.id, status: 'pending' })).data;
    expect(pending.total).toBe(2);
    expect(pending.totals.hold).toBe('21610.00'); // 2 × (10,800 + minimum fee 5.00)
    // a product with pending requests cannot be deleted; one with requests at all neither
    expect((await adminCall('delete.do', { id: p.id })).msg).toBe('该大宗交易还有 2 笔待审核申请，不能删除');
    const batch = await adminCall('batchReview.do', { ids: pending.list.map((x: { id: number }) => x.id), approve: false, reason: '售罄' });
    expect(batch.data).toMatchObject({ ok: 2, failed: 0 });
    // their reservations came back: 700 can be asked for again
    expect(await productRow(p.id)).toMatchObject({ leftShares: 700, reservedShares: 0 });
    expect((await adminCall('delete.do', { id: p.id })).msg).toBe('该大宗交易已有认购记录，不能删除，可隐藏或锁定');
    expect((await app('buy.do', { productId: p.id, shares: 300, tradeKey: 'key-8848' }, late.token)).status).toBe(0);
    expect(
      (
        await adminCall('update.do', {
          id: p.id,
          gid: 'sh600036',
          priceMode: 'fixed',
          fixedPrice: '36',
          minShares: 100,
          maxShares: 300,
          totalShares: 200,
          ...OPEN,
        })
      ).msg,
    ).toBe('总数量不能少于已成交的 300 股');
    const unused = await product();
    expect((await adminCall('delete.do', { id: unused.id })).status).toBe(0);
    // the stock a block trade offers cannot be deleted from the product list
    expect((await post(t, '/admin/stock/add.do', { code: '601398', name: '工商银行', market: 'sh' }, { token: admin })).json().status).toBe(
      0,
    );
    await product({ gid: 'sh601398' });
    const [stock] = (await post(t, '/admin/stock/list.do', { code: '601398' }, { token: admin })).json().data.list;
    const del = (await post(t, '/admin/stock/delStock.do', { id: stock.id }, { token: admin })).json();
    expect(del.status).not.toBe(0);
    expect(del.msg).toMatch(/大宗交易产品/);
    await ledgerOk();
  });

  it('keeps agent staff to their subtree', async () => {
    const agentId = await makeAgent(t);
    const staff = (await signedIn(t, 'agent', { agentId })).token;
    const p = await product();
    const mine = await trader('100000.00', { agentId });
    const other = await trader('100000.00');
    const a = await app('buy.do', { productId: p.id, shares: 100, tradeKey: 'key-8848' }, mine.token);
    const b = await app('buy.do', { productId: p.id, shares: 100, tradeKey: 'key-8848' }, other.token);
    const seen = (await adminCall('requestList.do', { productId: p.id }, staff)).data;
    expect(seen.list.map((x: { id: number }) => x.id)).toEqual([a.data.id]);
    const counts = (await get(t, '/admin/system/count.do', {}, { token: staff })).json().data;
    expect(counts['20']).toBe(1);
    // the agent role reads requests; a reviewer bound to the agent reviews only its subtree
    expect((await adminCall('review.do', { id: a.data.id, approve: false, reason: 'x' }, staff)).http).toBe(403);
    const reviewer = (await signedIn(t, 'admin', { agentId })).token;
    expect((await adminCall('review.do', { id: b.data.id, approve: false, reason: 'x' }, reviewer)).msg).toBe('大宗交易申请不存在');
    await adminCall('batchReview.do', { ids: [a.data.id, b.data.id], approve: false, reason: 'x' });
  });
});

describe('a seeded random run of block trades', () => {
  it('leaves the ledger balanced and every product’s quantity left = total − approved', async () => {
    let seed = 22;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const products = [
      await product({ totalShares: 5000, maxShares: 2000 }),
      await product({ priceMode: 'discount', discount: '0.95', fixedPrice: undefined, totalShares: 3000 }),
    ];
    const users = await Promise.all(Array.from({ length: 6 }, () => trader(rand() < 0.5 ? '30000.00' : '200000.00')));
    for (let i = 0; i < 150; i++) {
      const u = users[Math.floor(rand() * users.length)]!;
      const roll = rand();
      const pending = rows<{ id: number; user_id: number }>(
        await t.app.ctx.db.execute(sql`SELECT id, user_id FROM block_requests WHERE status = 'pending' ORDER BY id`),
      );
      if (roll < 0.45) {
        const p = products[Math.floor(rand() * products.length)]!;
        await app(
          'buy.do',
          { productId: p.id, shares: 100 * (1 + Math.floor(rand() * 15)), tradeKey: rand() < 0.05 ? 'bad' : 'key-8848' },
          u.token,
        );
      } else if (roll < 0.75 && pending.length) {
        const r = pending[Math.floor(rand() * pending.length)]!;
        await adminCall('review.do', rand() < 0.7 ? { id: r.id, approve: true } : { id: r.id, approve: false, reason: '随机拒绝' });
      } else if (roll < 0.85 && pending.length) {
        const r = pending[Math.floor(rand() * pending.length)]!;
        const token = users.find((x) => x.id === r.user_id)?.token;
        if (token) await app('cancel.do', { id: r.id }, token);
      } else if (pending.length >= 2) {
        await adminCall('batchReview.do', { ids: pending.slice(0, 3).map((r) => r.id), approve: rand() < 0.5, reason: '批量' });
      }
    }
    await ledgerOk();
    const off = rows(
      await t.app.ctx.db.execute(sql`
        SELECT p.id FROM block_products p
        LEFT JOIN (SELECT product_id, sum(approved_shares) AS sold FROM block_requests WHERE status = 'approved' GROUP BY product_id) s ON s.product_id = p.id
        WHERE p.left_shares <> p.total_shares - coalesce(s.sold, 0)`),
    );
    expect(off).toEqual([]);
    const negatives = rows(await t.app.ctx.db.execute(sql`SELECT id FROM users WHERE enable_amt < 0 OR frozen_amt < 0`));
    expect(negatives).toEqual([]);
    // the two invariants ledger:verify checks for this domain do catch a broken row
    const [p0] = products;
    await t.app.ctx.db.execute(sql`UPDATE block_products SET left_shares = left_shares - 100 WHERE id = ${p0!.id}`);
    expect((await verifyLedger(t.app.ctx.db)).offenders.map((o) => o.problem)).toContain('block_left');
    await t.app.ctx.db.execute(sql`UPDATE block_products SET left_shares = left_shares + 100 WHERE id = ${p0!.id}`);
    const fresh = await trader();
    const held = await app('buy.do', { productId: products[1]!.id, shares: 100, tradeKey: 'key-8848' }, fresh.token);
    expect(held.status, held.msg).toBe(0);
    await t.app.ctx.db.execute(sql`UPDATE block_requests SET hold = hold + 1 WHERE id = ${held.data.id}`);
    expect((await verifyLedger(t.app.ctx.db)).offenders.map((o) => o.problem)).toContain('held');
    await t.app.ctx.db.execute(sql`UPDATE block_requests SET hold = hold - 1 WHERE id = ${held.data.id}`);
    await ledgerOk();
  }, 120_000);
});
