import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../src/db/rows.js';
import { verifyLedger } from '../../src/modules/fundrecords/ledger/index.js';
import { seedProducts } from '../../src/modules/products/seed.js';
import { seedTrading } from '../../src/modules/trading/seed.js';
import { seedBlocktrade } from '../../src/modules/blocktrade/seed.js';
import { seedNewshares } from '../../src/modules/newshares/seed.js';
import { usersPastLine } from '../../src/modules/trading/sweep.js';
import { seedUsersDemo } from '../../src/modules/users/seed.js';
import { seedLogs } from '../../src/modules/logs/seed.js';
import { seedRisk } from '../../src/modules/risk/seed.js';
import { createTestApp, post, signedIn, type TestApp } from '../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedUsersDemo(t.app.ctx);
  await seedProducts(t.app.ctx);
  await seedTrading(t.app.ctx);
  await signedIn(t, 'admin');
  await seedBlocktrade(t.app.ctx);
  await seedNewshares(t.app.ctx);
  await seedLogs(t.app.ctx);
  await seedRisk(t.app.ctx);
}, 120_000);
afterAll(() => t.close());

describe('trading demo data', () => {
  it('has open positions (some created by an operator), closed trades, pending buys and sells, and the ledger verifies', async () => {
    const byState = rows<{ status: string; source: string; n: number }>(
      await t.app.ctx.db.execute(sql`SELECT status, source, count(*)::int AS n FROM positions GROUP BY 1, 2 ORDER BY 1, 2`),
    );
    expect(byState.find((r) => r.status === 'open' && r.source === 'buy')!.n).toBeGreaterThanOrEqual(10);
    expect(byState.find((r) => r.status === 'open' && r.source === 'admin')!.n).toBeGreaterThanOrEqual(1);
    expect(byState.find((r) => r.status === 'closed')!.n).toBeGreaterThanOrEqual(5);
    const admin = (await signedIn(t, 'admin')).token;
    const buys = (await post(t, '/admin/order/buyList.do', { status: 'pending' }, { token: admin })).json();
    expect(buys.data.total).toBe(6);
    // the sell list's first view (pending) is not empty: three users asked to sell an open position (issue 39)
    const sells = (await post(t, '/admin/order/sellList.do', {}, { token: admin })).json();
    expect(sells.data.list.map((o: { status: string }) => o.status)).toEqual(['pending', 'pending', 'pending']);
    const report = await verifyLedger(t.app.ctx.db, { chain: true, stats: true });
    expect(report.offenders).toEqual([]);
  });

  it('puts one user past the warning share of the line but not at the line', async () => {
    expect(await usersPastLine(t.app.ctx.db, '80')).toEqual([]);
    const warned = await usersPastLine(t.app.ctx.db, '80', '0.7');
    expect(warned).toHaveLength(1);
  });
});

describe('block-trade demo data', () => {
  it('has products open, upcoming and closed, and requests in every state, through the services', async () => {
    const admin = (await signedIn(t, 'admin')).token;
    const products = (await post(t, '/admin/stockDz/list.do', { pageSize: 50 }, { token: admin })).json().data.list as { window: string }[];
    expect(products.map((p) => p.window).sort()).toEqual(['closed', 'open', 'open', 'upcoming']);
    const byStatus = rows<{ status: string; n: number }>(
      await t.app.ctx.db.execute(sql`SELECT status, count(*)::int AS n FROM block_requests GROUP BY 1 ORDER BY 1`),
    );
    expect(byStatus.map((r) => r.status)).toEqual(['approved', 'cancelled', 'pending', 'rejected']);
    const blocks = rows<{ n: number }>(await t.app.ctx.db.execute(sql`SELECT count(*)::int AS n FROM positions WHERE source = 'block'`));
    expect(blocks[0]!.n).toBe(byStatus.find((r) => r.status === 'approved')!.n);
    expect((await verifyLedger(t.app.ctx.db, { chain: true, stats: true })).offenders).toEqual([]);
  });
});

describe('new-share demo data', () => {
  it('has issues in every phase and subscriptions in every status, through the services', async () => {
    const admin = (await signedIn(t, 'admin')).token;
    const shares = (await post(t, '/admin/subscribe/list.do', { pageSize: 50 }, { token: admin })).json().data.list as { phase: string }[];
    expect(new Set(shares.map((i) => i.phase))).toEqual(new Set(['upcoming', 'subscribing', 'allotment', 'listed']));
    // each issue's subscription count is its own (an upcoming issue has none)
    const counted = rows<{ id: number; n: number }>(
      await t.app.ctx.db.execute(sql`SELECT i.id, count(s.id)::int AS n FROM newshare_issues i
                                     LEFT JOIN newshare_subscriptions s ON s.issue_id = i.id WHERE i.kind = 'share' GROUP BY i.id`),
    );
    const listed = shares as unknown as { id: number; subscriptions: number }[];
    expect(Object.fromEntries(listed.map((i) => [i.id, i.subscriptions]))).toEqual(Object.fromEntries(counted.map((r) => [r.id, r.n])));
    expect(listed.some((i) => i.subscriptions === 0) && listed.some((i) => i.subscriptions > 1)).toBe(true);
    expect((await post(t, '/admin/bond/list.do', {}, { token: admin })).json().data.total).toBeGreaterThanOrEqual(2);
    const byStatus = rows<{ status: number }>(
      await t.app.ctx.db.execute(sql`SELECT DISTINCT status FROM newshare_subscriptions ORDER BY 1`),
    );
    expect(byStatus.map((r) => r.status)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const converted = rows<{ n: number }>(
      await t.app.ctx.db.execute(sql`SELECT count(*)::int AS n FROM positions WHERE source = 'newshare'`),
    );
    expect(converted[0]!.n).toBe(1);
    const inbox = rows<{ n: number }>(
      await t.app.ctx.db.execute(sql`SELECT count(*)::int AS n FROM station_messages WHERE title LIKE '新股%'`),
    );
    expect(inbox[0]!.n).toBeGreaterThanOrEqual(6);
    expect((await verifyLedger(t.app.ctx.db, { chain: true, stats: true })).offenders).toEqual([]);
  });
});

describe('the first views of 短信日志 and 点差设置 (issue 39)', () => {
  it('have demo rows: codes and a notice sent through the SMS gateway, spread rules on and off', async () => {
    const admin = (await signedIn(t, 'admin')).token;
    const sms = (await post(t, '/admin/log/smsList.do', {}, { token: admin })).json();
    expect(sms.data.total).toBe(9);
    const rules = (await post(t, '/admin/risk/spread/list.do', {}, { token: admin })).json();
    expect(rules.data.list.map((r: { type: string; enabled: boolean }) => [r.type, r.enabled])).toEqual(
      expect.arrayContaining([
        ['amount', true],
        ['code_prefix', false],
        ['change_pct', false],
      ]),
    );
    expect((await verifyLedger(t.app.ctx.db, { chain: true, stats: true })).offenders).toEqual([]);
  });
});
