import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { post as ledgerPost } from '../../src/modules/fundrecords/ledger/index.js';
import { makeAgent, makeUser } from '../funds/funds.helpers.js';
import { createTestApp, get, post, signedIn, type TestApp } from '../helpers.js';

// The workplace's figures (issue 25) against hand-computed sums on a fresh database, for the platform admin and for
// each agent's staff: only their subtree, only real accounts, only today (Shanghai).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({});
});
afterAll(() => t.close());

it('every figure equals the hand sums of today, in each caller’s scope', async () => {
  const db = t.app.ctx.db;
  const agentA = await makeAgent(t);
  const agentA1 = await makeAgent(t, agentA);
  const agentB = await makeAgent(t);
  const uA = await makeUser(t, { agentId: agentA });
  const uA1 = await makeUser(t, { agentId: agentA1 });
  const uB = await makeUser(t, { agentId: agentB });
  await makeUser(t, { agentId: agentA, realState: 1 });
  const sim = await makeUser(t, { agentId: agentA, accountType: 1 });
  await ledgerPost(db, uA, [{ type: 'recharge', amount: '100.00' }]);
  await ledgerPost(db, uA1, [{ type: 'recharge', amount: '200.00' }]);
  await ledgerPost(db, uA1, [{ type: 'withdraw', amount: '-50.00' }]);
  await ledgerPost(db, uB, [{ type: 'recharge', amount: '400.00' }]);
  await ledgerPost(db, sim, [{ type: 'virtual_credit', amount: '1000.00' }]);
  // yesterday's deposit does not count today
  const [old] = await ledgerPost(db, uB, [{ type: 'recharge', amount: '999.00' }]);
  await db.execute(sql`UPDATE fund_records SET created_at = now() - interval '2 days' WHERE id = ${old!.id}`);
  await db.execute(sql`INSERT INTO quotes (gid, last, prev_close) VALUES ('sh699999', 11, 10)`);
  const position = (userId: number, o: { closed?: boolean; net?: string } = {}) =>
    db.execute(sql`
      INSERT INTO positions (position_no, user_id, gid, code, stock_name, direction, shares, leverage, buy_price, buy_amount, margin,
                             status, net_pnl, closed_at)
      VALUES (${`PW${userId}${o.closed ? 'c' : 'o'}`}, ${userId}, 'sh699999', '699999', '测试', 'long', 100, 2, 10, 1000, 500,
              ${o.closed ? 'closed' : 'open'}, ${o.net ?? null}, ${o.closed ? sql`now()` : null})`);
  await position(uA1);
  await position(uB, { closed: true, net: '-30.00' });
  await position(sim);

  const get = async (token: string) => (await post(t, '/admin/dashboard/workplace.do', {}, { token, json: true })).json().data;
  const admin = await get((await signedIn(t, 'admin')).token);
  expect(admin).toMatchObject({
    newUsers: 4,
    realNamePending: 1,
    deposits: { count: 3, amount: '700.00' },
    withdrawals: { count: 1, amount: '50.00' },
    pending: { deposits: 0, withdrawals: 0, buys: 0, blockRequests: 0, subscriptions: 0, approvals: 0 },
    trading: { openPositions: 1, openMargin: '500.00', unrealizedPnl: '100.00', closedToday: 1, realizedPnlToday: '-30.00' },
  });
  const a = await get((await signedIn(t, 'agent', { agentId: agentA })).token);
  // agent staff decide no approvals: no such queue on their workplace
  expect(a.pending.approvals).toBeNull();
  expect(a).toMatchObject({
    newUsers: 3,
    realNamePending: 1,
    deposits: { count: 2, amount: '300.00' },
    withdrawals: { count: 1, amount: '50.00' },
    trading: { openPositions: 1, openMargin: '500.00', unrealizedPnl: '100.00', closedToday: 0, realizedPnlToday: '0.00' },
  });
  const b = await get((await signedIn(t, 'agent', { agentId: agentB })).token);
  expect(b).toMatchObject({
    newUsers: 1,
    realNamePending: 0,
    deposits: { count: 1, amount: '400.00' },
    withdrawals: { count: 0, amount: '0.00' },
    trading: { openPositions: 0, openMargin: '0.00', closedToday: 1, realizedPnlToday: '-30.00' },
  });
});

it('counts each queue once: the workplace, the header badges and the lists agree, in each caller’s scope', async () => {
  const agent = await makeAgent(t);
  // a simulated account's submission waits in the same queue as a real one's (the user list and badge 21 show both)
  await makeUser(t, { agentId: agent, realState: 1 });
  await makeUser(t, { agentId: agent, realState: 1, accountType: 1 });
  await makeUser(t, { realState: 1, accountType: 1 });
  for (const token of [(await signedIn(t, 'admin')).token, (await signedIn(t, 'agent', { agentId: agent })).token]) {
    const work = (await post(t, '/admin/dashboard/workplace.do', {}, { token, json: true })).json().data;
    const badges = (await get(t, '/admin/system/count.do', {}, { token })).json().data;
    const list = (await post(t, '/admin/user/list.do', { realState: 1, pageNum: 1, pageSize: 1 }, { token, json: true })).json().data;
    expect([work.realNamePending, badges['21'], badges.idVerify]).toEqual([list.total, list.total, list.total]);
    expect(work.pending).toMatchObject({
      deposits: badges.recharge,
      withdrawals: badges['2'],
      buys: badges['19'],
      blockRequests: badges['20'],
    });
  }
});
