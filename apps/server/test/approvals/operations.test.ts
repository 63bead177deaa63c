import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STOCK_RISK, type GuardedOperation } from '@stock-admin/contracts';
import { rows } from '../../src/db/rows.js';
import { writeRule } from '../../src/modules/approvals/index.js';
import { setReferencePrices } from '../../src/modules/market/store.js';
import { balances, credit, makeUser, openRules, withdrawalCalls } from '../funds/funds.helpers.js';
import { createTestApp, post, signedIn, type TestApp } from '../helpers.js';
import { sleep } from '../realtime/realtime.helpers.js';

/**
 * Issue 49: the maker's call and the checker's decision for each money and settings operation — held with nothing
 * changed, then carried out once through the endpoint's own service on approval (and a state that moved fails it).
 * The races (ten checkers at once, two instances) are in approvals.test.ts, on PostgreSQL.
 */
let t: TestApp;
let maker: string;
let checker: string;
beforeAll(async () => {
  t = await createTestApp({ QUOTE_INTERVAL_MS: '200', QUOTE_CLOCK_START: '2026-11-24T10:00:00+08:00', QUOTE_SEED: 'approvals' });
  maker = (await signedIn(t, 'admin')).token;
  checker = (await signedIn(t, 'finance')).token;
  await openRules(t, maker);
}, 60_000);
afterAll(() => t.close());

const on = (operation: GuardedOperation, threshold: string | null = null) =>
  t.app.ctx.db.transaction((tx) => writeRule(tx, { operation, enabled: true, threshold, expiresHours: 24 }, 'test'));
const call = async (path: string, body: Record<string, unknown>, token = maker) =>
  (await post(t, path, body, { token, json: true })).json();
const approve = (id: number) => call('/admin/approval/decide.do', { id, approve: true }, checker);
const held = (r: { status: number; data: { approval?: { id: number } } }) => {
  expect(r.status).toBe(0);
  expect(r.data.approval).toBeDefined();
  return r.data.approval!.id;
};
const count = async (table: string) =>
  rows<{ n: number }>(await t.app.ctx.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`)))[0]!.n;

describe('each guarded operation: held, then carried out once on approval', () => {
  it('deposit.create: an admin-made deposit at or over the threshold waits; approved, the order is made', async () => {
    await on('deposit.create', '50000');
    const userId = await makeUser(t);
    expect((await call('/admin/recharge/create.do', { userId, amount: '100' })).data.approval).toBeUndefined();
    const orders = await count('recharge_orders');
    const id = held(await call('/admin/recharge/create.do', { userId, amount: '60000', status: 1, note: '线下转账已核实' }));
    expect(await count('recharge_orders')).toBe(orders);
    expect((await balances(t, userId)).userAmt).toBe('0.00');
    expect(await approve(id)).toMatchObject({ status: 0, data: { status: 'approved' } });
    expect(await count('recharge_orders')).toBe(orders + 1);
    expect((await balances(t, userId)).userAmt).toBe('60000.00');
  });

  it('deposit.confirm: confirming waits; approved, the user is credited once', async () => {
    await on('deposit.confirm');
    const userId = await makeUser(t);
    // an admin-made pending order (deposit.create is under its threshold here)
    const order = (await call('/admin/recharge/create.do', { userId, amount: '300' })).data as { id: number };
    const id = held(await call('/admin/recharge/confirm.do', { id: order.id }));
    expect((await balances(t, userId)).userAmt).toBe('0.00');
    expect(await approve(id)).toMatchObject({ status: 0 });
    expect((await balances(t, userId)).userAmt).toBe('300.00');
    // confirmed already: a second request for it fails with the reason, nothing changes
    const again = held(await call('/admin/recharge/confirm.do', { id: order.id }));
    expect((await approve(again)).status).toBe(1);
    expect((await balances(t, userId)).userAmt).toBe('300.00');
  });

  it('withdrawal.pay: paying waits (a rejection does not); approved, it is paid', async () => {
    await on('withdrawal.pay');
    const w = withdrawalCalls(
      () => t,
      () => maker,
    );
    const u = await w.richUser('5000');
    const a = await w.apply(u.tk, { amount: '1000' });
    expect(a.status, a.msg).toBe(0);
    const id = held(await w.review(a.data.id, 1));
    expect(
      rows<{ status: number }>(await t.app.ctx.db.execute(sql`SELECT status FROM withdrawals WHERE id = ${a.data.id}`))[0]!.status,
    ).toBe(0);
    expect(await approve(id)).toMatchObject({ status: 0 });
    expect(
      rows<{ status: number }>(await t.app.ctx.db.execute(sql`SELECT status FROM withdrawals WHERE id = ${a.data.id}`))[0]!.status,
    ).toBe(1);
    const b = await w.apply(u.tk, { amount: '500' });
    expect((await w.review(b.data.id, 2, { reason: '银行卡信息有误' })).data.approval).toBeUndefined();
  });

  it('risk.settings: a spread rule and a settings save wait; a save whose version moved fails', async () => {
    await on('risk.settings');
    const spreads = await count('spread_rules');
    const id = held(await call('/admin/risk/spread/add.do', { type: 'code_prefix', prefix: '300', ratePct: '0.5' }));
    expect(await count('spread_rules')).toBe(spreads);
    expect(await approve(id)).toMatchObject({ status: 0 });
    expect(await count('spread_rules')).toBe(spreads + 1);
    const cur = (await call('/admin/risk/stock/get.do', {})).data;
    const save = held(await call('/admin/risk/stock/update.do', { ...DEFAULT_STOCK_RISK, minHoldMinutes: 7, version: cur.version }));
    // another save comes first (the rule switched off for it): the held one then fails, it does not overwrite
    await t.app.ctx.db.transaction((tx) =>
      writeRule(tx, { operation: 'risk.settings', enabled: false, threshold: null, expiresHours: 24 }, 'test'),
    );
    expect((await call('/admin/risk/stock/update.do', { ...DEFAULT_STOCK_RISK, minHoldMinutes: 3, version: cur.version })).status).toBe(0);
    const after = JSON.stringify((await call('/admin/risk/stock/get.do', {})).data);
    const late = await approve(save);
    expect(late.status).toBe(1);
    expect(late.msg).toMatch(/^批准未执行：/);
    expect(late.data).toMatchObject({ id: save, status: 'failed' });
    expect(JSON.stringify((await call('/admin/risk/stock/get.do', {})).data)).toBe(after);
  });

  it('position.create: an admin-made position waits (every call); approved, it opens', async () => {
    await on('position.create');
    await setReferencePrices(t.app.ctx.db, [{ gid: 'sh600036', prevClose: '40.00' }]);
    expect((await call('/admin/stock/add.do', { code: '600036', name: '招商银行', market: 'sh' })).status).toBe(0);
    for (let i = 0; i < 600 && !t.app.market.tradablePrice('sh600036'); i++) await sleep(50);
    const price = t.app.market.tradablePrice('sh600036')!;
    const userId = await makeUser(t);
    await credit(t, userId, '100000');
    const positions = await count('positions');
    const id = held(await call('/admin/position/create.do', { userId, gid: 'sh600036', shares: 100, leverage: 2, price }));
    expect(await count('positions')).toBe(positions);
    expect(await approve(id)).toMatchObject({ status: 0 });
    expect(await count('positions')).toBe(positions + 1);
  });
});
