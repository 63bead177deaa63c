import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_STOCK_RISK } from '@stock-admin/contracts';
import { setReferencePrices } from '../../src/modules/market/store.js';
import { seedRisk } from '../../src/modules/risk/seed.js';
import { appPost, appToken, credit, makeUser } from '../funds/funds.helpers.js';
import { createTestApp, post, signedIn } from '../helpers.js';
import { sleep } from '../realtime/realtime.helpers.js';

/**
 * Issue 37: the demo's market trades at any hour (QUOTE_SESSION=continuous) — here a Saturday night in Shanghai —
 * while the exchange's calendar, the default on PostgreSQL, refuses the same buy as outside trading hours.
 */
const SATURDAY_NIGHT = '2026-11-28T22:00:00+08:00';
async function market(session: 'continuous' | 'exchange') {
  const t = await createTestApp({
    QUOTE_SESSION: session,
    QUOTE_CLOCK_START: SATURDAY_NIGHT,
    QUOTE_INTERVAL_MS: '200',
    QUOTE_SEED: 'demo-market',
  });
  const admin = (await signedIn(t, 'admin')).token;
  await setReferencePrices(t.app.ctx.db, [{ gid: 'sh600036', prevClose: '40.00' }]);
  expect((await post(t, '/admin/stock/add.do', { code: '600036', name: '招商银行', market: 'sh' }, { token: admin })).json().status).toBe(
    0,
  );
  const cur = (await post(t, '/admin/risk/stock/get.do', {}, { token: admin })).json().data;
  await post(t, '/admin/risk/stock/update.do', { ...DEFAULT_STOCK_RISK, version: cur.version }, { token: admin, json: true });
  // the demo's seed configures hours that cover the day (issue 47: the all-day market no longer skips the rule)
  if (session === 'continuous') await seedRisk(t.app.ctx);
  const id = await makeUser(t);
  await credit(t, id, '100000');
  return { t, admin, user: await appToken(t, id) };
}

let demo: Awaited<ReturnType<typeof market>>;
let exchange: Awaited<ReturnType<typeof market>>;
beforeAll(async () => {
  demo = await market('continuous');
  exchange = await market('exchange');
});
afterAll(async () => {
  await demo.t.close();
  await exchange.t.close();
});

describe('the demo market, open at any hour', () => {
  it('moves and takes buys on a Saturday night; its status says it is the simulated all-day session', async () => {
    const quoted = () => demo.t.app.market.quote('sh600036');
    for (let i = 0; i < 100 && quoted()?.ask == null; i++) await sleep(50);
    const first = quoted()!.last;
    const firstAt = quoted()!.at;
    for (let i = 0; i < 100 && quoted()!.at === firstAt; i++) await sleep(50);
    expect(quoted()!.at).not.toBe(firstAt);
    expect(typeof first).toBe('string');
    const status = (await post(demo.t, '/admin/market/status.do', {}, { token: demo.admin })).json().data;
    expect(status).toMatchObject({ source: 'simulated', session: 'continuous', phase: 'open', tradingDay: '2026-11-28' });
    const buy = (
      await appPost(demo.t, '/app/order/buy.do', { gid: 'sh600036', shares: 100, leverage: 2 }, demo.user, { json: true })
    ).json();
    expect(buy).toMatchObject({ status: 0, data: { status: 'pending' } });
  });

  it('shows the seeded all-day hours in 风控设置, and enforces hours an operator narrows: a buy and a sell at 22:00 refused', async () => {
    const cur = (await post(demo.t, '/admin/risk/stock/get.do', {}, { token: demo.admin })).json().data;
    expect(cur.settings ?? cur).toMatchObject({ amStart: '00:00', amEnd: '12:00', pmStart: '12:00', pmEnd: '24:00' });
    // a position to sell, bought under the all-day hours and approved
    const buy = (
      await appPost(demo.t, '/app/order/buy.do', { gid: 'sh600036', shares: 100, leverage: 2 }, demo.user, { json: true })
    ).json();
    expect(buy.status, buy.msg).toBe(0);
    const approved = (
      await post(demo.t, '/admin/order/review.do', { id: buy.data.id, approve: true }, { token: demo.admin, json: true })
    ).json();
    expect(approved.status, approved.msg).toBe(0);
    const positions = (await appPost(demo.t, '/app/position/list.do', {}, demo.user, { json: true })).json().data;
    const position = (positions.list ?? positions)[0];
    expect(position).toBeDefined();

    const narrowed = { ...(cur.settings ?? cur), amStart: '09:30', amEnd: '09:31', pmStart: '14:58', pmEnd: '14:59', version: cur.version };
    const saved = (await post(demo.t, '/admin/risk/stock/update.do', narrowed, { token: demo.admin, json: true })).json();
    expect(saved.status, saved.msg).toBe(0);
    const again = (
      await appPost(demo.t, '/app/order/buy.do', { gid: 'sh600036', shares: 100, leverage: 2 }, demo.user, { json: true })
    ).json();
    expect(again).toMatchObject({ status: 1, msg: '不在交易时间内（09:30–09:31，14:58–14:59）' });
    const sell = (await appPost(demo.t, '/app/position/sell.do', { id: position.id }, demo.user, { json: true, lang: 'en-US' })).json();
    expect(sell).toMatchObject({ status: 1, msg: 'Outside trading hours (09:30–09:31, 14:58–14:59)' });
  });

  it('keeps the exchange’s hours otherwise: the same buy is outside trading hours', async () => {
    const status = (await post(exchange.t, '/admin/market/status.do', {}, { token: exchange.admin })).json().data;
    expect(status).toMatchObject({ session: 'exchange', phase: 'closed' });
    const buy = (
      await appPost(exchange.t, '/app/order/buy.do', { gid: 'sh600036', shares: 100, leverage: 2 }, exchange.user, { json: true })
    ).json();
    expect(buy.status).toBe(1);
    expect(buy.msg).toMatch(/^不在交易时间内/);
    // the demo seed's all-day hours are the all-day market's only: the exchange keeps its sessions
    await seedRisk(exchange.t.app.ctx);
    const cur = (await post(exchange.t, '/admin/risk/stock/get.do', {}, { token: exchange.admin })).json().data;
    expect(cur.settings ?? cur).toMatchObject({ amStart: '09:30', amEnd: '11:30', pmStart: '13:00', pmEnd: '15:00' });
  });
});
