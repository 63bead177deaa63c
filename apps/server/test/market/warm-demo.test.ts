import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gidOf, isSt, priceLimitPct, stockBoardOf, type StockMarket } from '@stock-admin/contracts';
import { rows } from '../../src/db/rows.js';
import { limitsOf } from '../../src/modules/market/feed.js';
import { seedDemo } from '../../src/modules/seed.js';
import { appPost, appToken } from '../funds/funds.helpers.js';
import { createTestApp, type TestApp } from '../helpers.js';

/**
 * Issue 64: a fresh demo is warm from its first second. The demo is seeded before the server answers (main.ts), so
 * its stored quotes are the seed's reference prices, with no bid or ask; the quote service used to tick first an
 * interval after the start, and until then every buy was refused with 该股票暂无卖盘. Now the leader ticks before
 * the server is ready: every listed stock's first quote has a bid and an ask (one side empty only at its price
 * limit, as on the exchange), and a buy placed the moment the server answers meets the real rules.
 */
let t: TestApp;
beforeAll(async () => {
  // a long interval, so that nothing here can pass by waiting for the second tick
  t = await createTestApp({ QUOTE_SESSION: 'continuous', QUOTE_INTERVAL_MS: '30000' }, { beforeReady: (app) => seedDemo(app.ctx) });
}, 240_000);
afterAll(() => t?.close());

describe('a fresh demo', () => {
  it('quotes every listed stock with a bid and an ask from the moment it answers', async () => {
    const stocks = rows<{ market: StockMarket; code: string; name: string }>(
      await t.app.ctx.db.execute(`SELECT market, code, name FROM stocks ORDER BY id`),
    );
    expect(stocks.length).toBeGreaterThan(300);
    const cold: string[] = [];
    for (const s of stocks) {
      const gid = gidOf(s.market, s.code);
      const q = t.app.market.quote(gid);
      if (!q) {
        cold.push(`${gid}: no quote`);
        continue;
      }
      const b = stockBoardOf(s.market, s.code);
      const pct = 'board' in b ? priceLimitPct(b.board, isSt(s.name)) : 10;
      const cents = (v: string) => Math.round(Number(v) * 100);
      const lim = limitsOf(cents(q.prevClose), pct);
      if (q.ask == null && cents(q.last) < lim.up) cold.push(`${gid}: no ask at ${q.last}`);
      if (q.bid == null && cents(q.last) > lim.down) cold.push(`${gid}: no bid at ${q.last}`);
    }
    expect(cold).toEqual([]);
  });

  it('takes a verified user’s buy placed at once', async () => {
    const [user] = rows<{ id: number }>(
      await t.app.ctx.db.execute(`SELECT id FROM users WHERE account_type = 0 AND real_state = 2 AND NOT trade_locked
                                    AND enable_amt >= 100000 ORDER BY id LIMIT 1`),
    );
    expect(user).toBeDefined();
    const token = await appToken(t, user!.id);
    const buy = (await appPost(t, '/app/order/buy.do', { gid: 'sh600036', shares: 100, leverage: 2 }, token, { json: true })).json();
    expect(buy.msg).not.toBe('该股票暂无卖盘，暂不能买入，请稍后再试');
    expect(buy, buy.msg).toMatchObject({ status: 0, data: { status: 'pending' } });
  });
});
