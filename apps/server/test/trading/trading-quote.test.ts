import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { appPost, appToken, makeUser } from '../funds/funds.helpers.js';
import { createTestApp, post, signedIn, type TestApp } from '../helpers.js';

// The platform user's quote reads the stock rows from the instance's copy (products/listed.ts): every operator's
// change of a stock is seen by the next quote, and nothing changed behind the service's back is read per call.
let t: TestApp;
let admin: string;
let user: string;
let id: number;
beforeAll(async () => {
  t = await createTestApp({ QUOTE_INTERVAL_MS: '200', QUOTE_CLOCK_START: '2026-11-24T10:00:00+08:00', QUOTE_SEED: 'quote' });
  admin = (await signedIn(t, 'admin')).token;
  const added = (await post(t, '/admin/stock/add.do', { code: '600036', name: '招商银行', market: 'sh' }, { token: admin })).json();
  expect(added.status).toBe(0);
  id = added.data.id;
  user = await appToken(t, await makeUser(t));
});
afterAll(() => t.close());

const quote = (gid: string, lang?: string) => appPost(t, '/app/stock/quote.do', { gid }, user, { json: true, lang }).then((r) => r.json());
const adminCall = (path: string, body: Record<string, unknown>) =>
  post(t, `/admin/stock/${path}`, body, { token: admin, json: true }).then((r) => r.json());

describe("a platform user's quote", () => {
  it('answers a listed stock and refuses an unknown symbol', async () => {
    expect(await quote('sh600036')).toMatchObject({
      status: 0,
      data: { gid: 'sh600036', code: '600036', name: '招商银行', locked: false },
    });
    expect(await quote('sh600000')).toMatchObject({ status: 1, msg: '股票不存在或已下架', data: null });
    expect((await quote('sh600000', 'en-US')).msg).toBe('No such stock, or it is not listed');
  });

  it("follows every operator's change of the stock at once: lock, unlock, hide, show, rename, delete", async () => {
    await quote('sh600036'); // the copy is read
    expect((await adminCall('updateLock.do', { id, locked: true, reason: '停牌' })).status).toBe(0);
    expect(await quote('sh600036')).toMatchObject({ status: 1, msg: '该股票已暂停交易' });
    expect((await adminCall('updateLock.do', { id, locked: false })).status).toBe(0);
    expect((await quote('sh600036')).status).toBe(0);
    expect((await adminCall('updateShow.do', { id, shown: false })).status).toBe(0);
    expect(await quote('sh600036')).toMatchObject({ status: 1, msg: '股票不存在或已下架' });
    expect((await adminCall('updateShow.do', { id, shown: true })).status).toBe(0);
    expect((await adminCall('updateStock.do', { id, name: 'ST招商' })).status).toBe(0);
    expect(await quote('sh600036')).toMatchObject({ status: 0, data: { name: 'ST招商', st: true } });
    const other = (await post(t, '/admin/stock/add.do', { code: '600000', name: '浦发银行', market: 'sh' }, { token: admin })).json();
    expect((await quote('sh600000')).status).toBe(0);
    expect((await adminCall('delStock.do', { id: other.data.id })).status).toBe(0);
    expect((await quote('sh600000')).status).toBe(1);
  });

  it('does not read the row per call: a change behind the service is seen only after a drop', async () => {
    await quote('sh600036');
    await t.app.ctx.db.execute(sql`UPDATE stocks SET name = 'behind' WHERE gid = 'sh600036'`);
    expect((await quote('sh600036')).data.name).not.toBe('behind');
    t.app.ctx.hooks.emit('cacheDropped', 'stocks');
    expect((await quote('sh600036')).data.name).toBe('behind');
  });
});
