import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEFAULT_STOCK_RISK } from '@stock-admin/contracts';
import { rows } from '../../src/db/rows.js';
import { setReferencePrices } from '../../src/modules/market/store.js';
import { appToken, balances, credit, makeUser } from '../funds/funds.helpers.js';
import { post, signedIn, type TestApp } from '../helpers.js';
import { sleep } from '../realtime/realtime.helpers.js';
import { twoInstances } from './instances.js';
import { call, ledgerVerified, race, report } from './kit.js';

/**
 * Issue 36: block-trade requests and new-share allotments raced on PostgreSQL with two instances — capacity
 * (what a product has left, an issue's size) is never passed, each request is decided once, no 5xx.
 */
const PG = !!process.env.DATABASE_URL;
let inst: Awaited<ReturnType<typeof twoInstances>>;
let apps: TestApp[];
let op1: string;
let op2: string;
const OPEN = { startsAt: '2026-11-24T09:00:00+08:00', endsAt: '2026-11-26T15:00:00+08:00' };
const shDay = (d = 0) => new Date(Date.now() + 8 * 3600_000 + d * 86400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  if (!PG) return;
  inst = await twoInstances({ QUOTE_INTERVAL_MS: '200', QUOTE_CLOCK_START: '2026-11-24T10:00:00+08:00', QUOTE_SEED: 'races-issues' });
  apps = [inst.a, inst.b];
  op1 = (await signedIn(inst.a, 'admin')).token;
  op2 = (await signedIn(inst.a, 'admin')).token;
  await setReferencePrices(inst.a.app.ctx.db, [{ gid: 'sh600036', prevClose: '40.00' }]);
  expect(
    (await post(inst.a, '/admin/stock/add.do', { code: '600036', name: '招商银行', market: 'sh' }, { token: op1 })).json().status,
  ).toBe(0);
  const cur = (await post(inst.a, '/admin/risk/stock/get.do', {}, { token: op1 })).json().data;
  await post(inst.a, '/admin/risk/stock/update.do', { ...DEFAULT_STOCK_RISK, version: cur.version }, { token: op1, json: true });
  for (let i = 0; i < 200 && !apps.every((t) => t.app.market.tradablePrice('sh600036')); i++) await sleep(50);
}, 120_000);
afterAll(async () => {
  if (!PG) return;
  report('block-trade and new-share races');
  await inst.close();
});

async function user(cash = '100000.00') {
  const id = await makeUser(inst.a);
  await credit(inst.a, id, cash);
  return { id, token: await appToken(inst.a, id) };
}
async function product(totalShares: number) {
  const r = (
    await call(
      inst.a,
      '/admin/stockDz/add.do',
      {
        gid: 'sh600036',
        priceMode: 'fixed',
        fixedPrice: '36.00',
        minShares: 100,
        maxShares: 5000,
        totalShares,
        tradeKey: 'key-1',
        ...OPEN,
      },
      { admin: op1 },
    )
  ).json();
  expect(r.status, r.msg).toBe(0);
  return r.data.id as number;
}
const blockRow = async (id: number) =>
  rows<{ left_shares: number; reserved_shares: number; pending: number; asked: number }>(
    await inst.a.app.ctx.db.execute(sql`SELECT left_shares, reserved_shares,
      (SELECT count(*)::int FROM block_requests r WHERE r.product_id = p.id AND r.status = 'pending') AS pending,
      (SELECT coalesce(sum(shares), 0)::int FROM block_requests r WHERE r.product_id = p.id AND r.status = 'pending') AS asked
      FROM block_products p WHERE id = ${id}`),
  )[0]!;

describe.skipIf(!PG)('block trades and new shares on two instances', () => {
  it('20 users ask for a 3,000-share product at once: never more reserved than is left', async () => {
    const p = await product(3000);
    const users = await Promise.all(Array.from({ length: 20 }, () => user()));
    const answers = await race(
      apps,
      users.map(
        (u, i) => (t: TestApp) =>
          call(t, '/app/stockDz/buy.do', { productId: p, shares: i % 2 ? 1000 : 500, tradeKey: 'key-1' }, { user: u.token }),
      ),
      (ok) => ok >= 3 && ok <= 6,
    );
    for (const a of answers.filter((x) => x.status !== 0)) expect(a.msg).toMatch(/^剩余可认购数量不足，仅剩 \d+ 股$/);
    const row = await blockRow(p);
    expect(row.reserved_shares).toBe(row.asked);
    expect(row.reserved_shares).toBeLessThanOrEqual(3000);
    await ledgerVerified(inst.a);
  });

  it('30 reviews of one request against the user’s cancel: decided once, its reservation given back once', async () => {
    const p = await product(5000);
    for (let k = 0; k < 3; k++) {
      const u = await user();
      const r = (await call(inst.a, '/app/stockDz/buy.do', { productId: p, shares: 1000, tradeKey: 'key-1' }, { user: u.token })).json();
      expect(r.status, r.msg).toBe(0);
      const id = r.data.id as number;
      await race(apps, [
        (t) => call(t, '/app/stockDz/cancel.do', { id }, { user: u.token }),
        ...Array.from(
          { length: 29 },
          (_, i) => (t: TestApp) =>
            call(t, '/admin/stockDz/review.do', i % 2 ? { id, approve: true } : { id, approve: false, reason: '拒绝' }, {
              admin: i % 3 ? op1 : op2,
            }),
        ),
      ]);
      const row = await blockRow(p);
      expect(row.reserved_shares).toBe(row.asked);
    }
    await ledgerVerified(inst.a);
  });

  it('allotments of one issue by two operators at once: Σ allotted ≤ the issue size, each subscription once', async () => {
    const add = await call(
      inst.a,
      '/admin/subscribe/add.do',
      {
        code: '603901',
        name: '竞配新股',
        market: 'sh',
        issuePrice: '10.00',
        issueSize: 3000,
        maxPerUser: 1000,
        subscribeType: 'placement',
        subscribeDate: shDay(),
        allotDate: shDay(),
        payDeadline: shDay(1),
        listingDate: shDay(5),
      },
      { admin: op1 },
    );
    const issueId = add.json().data.id as number;
    const users = await Promise.all(Array.from({ length: 6 }, () => user()));
    const subs: number[] = [];
    for (const u of users) {
      const r = (await call(inst.a, '/app/newshares/apply.do', { issueId, quantity: 1000 }, { user: u.token })).json();
      expect(r.status, r.msg).toBe(0);
      subs.push(r.data.id);
    }
    const answers = await race(
      apps,
      subs.flatMap((id) =>
        [1, 2, 3].map(
          (k) => (t: TestApp) => call(t, '/admin/subscribe/record/allot.do', { id, quantity: 1000 }, { admin: k % 2 ? op1 : op2 }),
        ),
      ),
      3,
    );
    for (const a of answers.filter((x) => x.status !== 0))
      expect(a.msg).toMatch(/^(超出发行总量：该发行仅剩 0 可配售|该申购记录当前为「(已缴款|未中签)」，不能执行此操作，请刷新)$/);
    const [i] = rows<{ allotted_qty: string; sum: string }>(
      await inst.a.app.ctx.db.execute(sql`SELECT allotted_qty::text,
        (SELECT sum(allotted_qty) FROM newshare_subscriptions WHERE issue_id = ${issueId} AND status IN (3, 4, 5))::text AS sum
        FROM newshare_issues WHERE id = ${issueId}`),
    );
    expect(i).toEqual({ allotted_qty: '3000', sum: '3000' });
    // the refused applications keep their money frozen and can still be marked not allotted, once
    for (const u of users) expect(['10000.00', '0.00']).toContain((await balances(inst.a, u.id)).frozenAmt);
    await ledgerVerified(inst.a);
  });
});
