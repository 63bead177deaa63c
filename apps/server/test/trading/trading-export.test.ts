import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DEFAULT_STOCK_RISK } from '@stock-admin/contracts';
import { rows } from '../../src/db/rows.js';
import { setReferencePrices } from '../../src/modules/market/store.js';
import { appPost, appToken, credit, makeAgent, makeUser } from '../funds/funds.helpers.js';
import { createTestApp, post, signedIn, type TestApp } from '../helpers.js';
import { sleep } from '../realtime/realtime.helpers.js';

/** CSV exports of the trading lists: the list's filters and scope, the reader's language, audited. */
let t: TestApp;
let admin: string;
let agentId: number;
const users: number[] = [];
beforeAll(async () => {
  t = await createTestApp({ QUOTE_INTERVAL_MS: '200', QUOTE_CLOCK_START: '2026-11-24T10:00:00+08:00', QUOTE_SEED: 'export' });
  admin = (await signedIn(t, 'admin')).token;
  await setReferencePrices(t.app.ctx.db, [{ gid: 'sh600036', prevClose: '40.00' }]);
  expect((await post(t, '/admin/stock/add.do', { code: '600036', name: '招商银行', market: 'sh' }, { token: admin })).json().status).toBe(
    0,
  );
  const cur = (await post(t, '/admin/risk/stock/get.do', {}, { token: admin })).json().data;
  await post(
    t,
    '/admin/risk/stock/update.do',
    { ...DEFAULT_STOCK_RISK, minHoldMinutes: 0, version: cur.version },
    { token: admin, json: true },
  );
  // quoted and traded once (a first quote has no ask, and a buy then meets "no sellers"); it can take seconds on a
  // loaded machine — a full PostgreSQL pass here once failed this set-up with 5 s of waiting
  const traded = () => t.app.market.tradablePrice('sh600036') && t.app.market.quote('sh600036')?.ask != null;
  for (let i = 0; i < 600 && !traded(); i++) await sleep(50);
  expect(traded()).toBeTruthy();
  agentId = await makeAgent(t);
  for (const agent of [null, agentId]) {
    const id = await makeUser(t, { agentId: agent });
    await credit(t, id, '500000.00');
    users.push(id);
    const price = t.app.market.tradablePrice('sh600036')!;
    for (const shares of [100, 200]) {
      const r = await post(
        t,
        '/admin/position/create.do',
        { userId: id, gid: 'sh600036', shares, leverage: 2, price },
        { token: admin, json: true },
      );
      expect(r.json()).toMatchObject({ status: 0 });
    }
    const buy = await appPost(t, '/app/order/buy.do', { gid: 'sh600036', shares: 300, leverage: 2 }, await appToken(t, id), { json: true });
    expect(buy.json()).toMatchObject({ status: 0 });
  }
});
afterAll(() => t.close());

const csv = async (path: string, body: Record<string, unknown>, token = admin, lang?: string) => {
  const r = await post(t, path, body, { token, json: true, lang });
  return { r, lines: r.rawPayload.toString('utf8').trimEnd().split('\r\n') };
};

describe('trading exports', () => {
  it('exports the buy queue and the positions with the list filters, in the reader’s language', async () => {
    const buys = await csv('/admin/order/export.do', { kind: 'buy', status: 'pending' });
    expect(buys.r.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(buys.r.headers['content-disposition']).toMatch(/^attachment; filename="buy-orders-\d{8}\.csv"/);
    expect(buys.lines[0]!.startsWith('\uFEFF委托单号,类型,状态,用户ID,手机号')).toBe(true);
    expect(buys.lines).toHaveLength(3);
    expect(buys.lines[1]).toMatch(/^B\d+,买入,待审核,\d+,/);
    const positions = await csv('/admin/position/export.do', { userId: users[0] }, admin, 'en-US');
    expect(positions.lines[0]!.startsWith('\uFEFFPosition no.,Source,Status,User ID')).toBe(true);
    expect(positions.lines).toHaveLength(3);
    for (const l of positions.lines.slice(1)) expect(l).toMatch(new RegExp(`^P\\d+,Created,Open,${users[0]},`));
    const created = await csv('/admin/position/export.do', { source: 'admin' });
    expect(created.r.headers['content-disposition']).toMatch(/filename="created-positions-/);
    expect(created.lines).toHaveLength(5);
  });

  it('keeps agent staff to their subtree and needs the export permission; each export is in the operation log', async () => {
    const staff = (await signedIn(t, 'agent', { agentId })).token;
    const mine = await csv('/admin/position/export.do', {}, staff);
    expect(mine.r.statusCode).toBe(200);
    expect(mine.lines).toHaveLength(3);
    for (const l of mine.lines.slice(1)) expect(l.split(',')[3]).toBe(String(users[1]));
    const theirOrders = await csv('/admin/order/export.do', {}, staff);
    expect(theirOrders.lines).toHaveLength(2);
    // support reads positions but may not export them
    const support = (await signedIn(t, 'support')).token;
    expect((await post(t, '/admin/order/export.do', {}, { token: support, json: true })).statusCode).toBe(403);
    const [n] = rows<{ n: number }>(
      await t.app.ctx.db.execute(sql`SELECT count(*)::int AS n FROM operation_log WHERE module = 'trading' AND action LIKE '%export%'`),
    );
    expect(n!.n).toBeGreaterThanOrEqual(4);
  });

  it('refuses bad filters with the field named', async () => {
    const r = (await post(t, '/admin/position/export.do', { source: 'robot' }, { token: admin, json: true })).json();
    expect(r.status).not.toBe(0);
    expect(r.msg).toContain('source');
  });
});

describe('positions follow their user’s agent', () => {
  it('a user moved to another agent takes their positions along: the old agent’s staff lose them, the new one’s see them', async () => {
    const other = await makeAgent(t);
    const oldStaff = (await signedIn(t, 'agent', { agentId })).token;
    const newStaff = (await signedIn(t, 'agent', { agentId: other })).token;
    const ids = async (token: string) =>
      ((await post(t, '/admin/position/list.do', { status: 'open' }, { token, json: true })).json().data.list as { userId: number }[]).map(
        (p) => p.userId,
      );
    expect(new Set(await ids(oldStaff))).toEqual(new Set([users[1]]));
    expect(await ids(newStaff)).toEqual([]);
    const moved = (
      await post(t, '/admin/user/updateList.do', { ids: String(users[1]), agentId: other }, { token: admin, json: true })
    ).json();
    expect(moved.status).toBe(0);
    expect(await ids(oldStaff)).toEqual([]);
    expect(new Set(await ids(newStaff))).toEqual(new Set([users[1]]));
    const byAgent = (await post(t, '/admin/position/list.do', { agentId: other }, { token: admin, json: true })).json().data.total;
    expect(byAgent).toBe(2);
    const { verifyLedger } = await import('../../src/modules/fundrecords/ledger/index.js');
    expect((await verifyLedger(t.app.ctx.db)).offenders).toEqual([]);
    // a position whose agent disagrees with its user's is named by ledger:verify
    await t.app.ctx.db.execute(sql`UPDATE positions SET agent_id = ${agentId} WHERE user_id = ${users[1]!}`);
    expect((await verifyLedger(t.app.ctx.db)).offenders.map((o) => o.problem)).toContain('position_agent');
    await t.app.ctx.db.execute(sql`UPDATE positions SET agent_id = ${other} WHERE user_id = ${users[1]!}`);
  });
});
