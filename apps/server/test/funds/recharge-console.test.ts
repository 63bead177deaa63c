// Deposit orders in the console (DESIGN §5 Recharge order): orders created by staff, the admin note, the list
// with filters, totals and agent scoping, the CSV export and concurrent confirmation. Split from the former
// recharge.test.ts (issue #19: files under 400 lines); the trading app's side is in recharge-orders.test.ts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../src/db/rows.js';
import { createTestApp, get, post, signedIn, type TestApp } from '../helpers.js';
import { captureEvents, checkLedger, ledgerOk, makeAgent, makeUser, openRules, rechargeChannels, depositCalls } from './funds.helpers.js';
import type { DomainEvent } from '../../src/app/context.js';

let t: TestApp;
let token: string;
let events: DomainEvent[];
let channel: number; // in the default tier

beforeAll(async () => {
  t = await createTestApp();
  token = (await signedIn(t, 'finance')).token;
  events = captureEvents(t);
  await openRules(t, token, { maxOpenRechargePerHour: '50' });
  ({ channel } = await rechargeChannels(t, token));
});
afterAll(() => t.close());
beforeEach(() => {
  events.length = 0;
});

const { create, confirm, reject, userWithToken } = depositCalls(
  () => t,
  () => token,
);

describe('deposit orders: console', () => {
  it('creates a pending order for a user (CREATEORDER), confirmed later', async () => {
    const u = await makeUser(t);
    const r = (await post(t, '/admin/recharge/create.do', { userId: u, amount: '888', channelId: channel }, { token })).json();
    expect(r.status).toBe(0);
    expect(r.msg).toBe('充值订单已创建');
    expect(r.data).toMatchObject({
      status: 0,
      source: 'admin',
      amount: '888.00',
      channel: { name: 'ICBC' },
      createdByName: expect.any(String),
    });
    expect(events).toEqual([
      expect.objectContaining({ type: 'CREATEORDER', userId: u, data: expect.objectContaining({ id: r.data.id, amount: '888.00' }) }),
    ]);
    expect(await checkLedger(t, u)).toMatchObject({ ok: true, records: 0 });
    await confirm(r.data.id);
    expect(await checkLedger(t, u)).toMatchObject({ ok: true, records: 1, balances: { userAmt: '888.00', enableAmt: '888.00' } });
  });

  it('creates an immediately successful order only with a note, credited once', async () => {
    const u = await makeUser(t);
    expect((await post(t, '/admin/recharge/create.do', { userId: u, amount: '100', status: 1 }, { token })).json()).toEqual({
      status: 2,
      msg: '参数错误：note 不能为空',
      data: null,
    });
    const r = (
      await post(t, '/admin/recharge/create.do', { userId: u, amount: '100', status: 1, note: '线下转账已核实' }, { token })
    ).json();
    expect(r.data).toMatchObject({ status: 1, adminNote: '线下转账已核实', channelId: null });
    expect(await checkLedger(t, u)).toMatchObject({ ok: true, records: 1, balances: { userAmt: '100.00', enableAmt: '100.00' } });
    expect((await confirm(r.data.id)).msg).toBe('该订单已充值成功，不能再次处理');
    expect(await checkLedger(t, u)).toMatchObject({ records: 1 });
    for (const [body, msg] of [
      [{ userId: u, amount: '100', status: 2 }, '参数错误：status 取值不在允许范围内'],
      [{ userId: 99999999, amount: '100' }, '用户不存在'],
      [{ userId: u, amount: '100', channelId: 999999 }, '渠道不存在'],
      [{ amount: '100' }, '参数错误：userId 不能为空'],
    ] as const)
      expect((await post(t, '/admin/recharge/create.do', body, { token })).json().msg).toBe(msg);
  });

  it('edits the admin note', async () => {
    const u = await userWithToken();
    const c = await create(u.tk, { channelId: channel, amount: '300' });
    const r = (await post(t, '/admin/recharge/updateNote.do', { id: c.data.id, note: '客户来电确认' }, { token })).json();
    expect(r).toMatchObject({ status: 0, msg: '备注已保存', data: { adminNote: '客户来电确认', status: 0 } });
    expect((await post(t, '/admin/recharge/updateNote.do', { id: 99999999, note: 'x' }, { token })).json().msg).toBe('充值订单不存在');
    expect((await post(t, '/admin/recharge/updateNote.do', { id: c.data.id, note: 'x'.repeat(501) }, { token })).json().status).toBe(2);
  });

  it('lists with filters and totals, scoped for agent staff', async () => {
    const agent = await makeAgent(t);
    const sub = await makeAgent(t, agent);
    const outside = await makeAgent(t);
    const a = await userWithToken({ agentId: sub });
    const b = await userWithToken({ agentId: outside });
    const o1 = (await create(a.tk, { channelId: channel, amount: '1000' })).data;
    const o2 = (await create(a.tk, { channelId: channel, amount: '2000' })).data;
    const o3 = (await create(b.tk, { channelId: channel, amount: '4000' })).data;
    await confirm(o2.id);

    const byUser = (await post(t, '/admin/recharge/list.do', { userId: a.id }, { token })).json();
    expect(byUser.data.total).toBe(2);
    expect(byUser.data.list.map((r: { id: number }) => r.id)).toEqual([o2.id, o1.id]);
    expect(byUser.data.totals).toEqual({
      count: 2,
      amount: '3000.00',
      byStatus: {
        '0': { count: 1, amount: '1000.00' },
        '1': { count: 1, amount: '2000.00' },
        '2': { count: 0, amount: '0.00' },
        '3': { count: 0, amount: '0.00' },
      },
    });
    expect(byUser.data.list[0]).toMatchObject({ agentId: sub, phone: expect.any(String), realName: expect.any(String) });

    const q = async (f: Record<string, unknown>) =>
      (await post(t, '/admin/recharge/list.do', { pageSize: 100, ...f }, { token })).json().data.list.map((r: { id: number }) => r.id);
    expect(await q({ agentId: agent })).toEqual([o2.id, o1.id]); // the whole subtree
    expect(await q({ userId: a.id, status: 1 })).toEqual([o2.id]);
    expect(await q({ agentId: agent, minAmount: '1500' })).toEqual([o2.id]);
    expect(await q({ agentId: agent, maxAmount: '1500' })).toEqual([o1.id]);
    expect(await q({ keyword: o3.orderNo })).toEqual([o3.id]);
    expect(await q({ userId: a.id, beginTime: '2000-01-01', endTime: '2000-12-31' })).toEqual([]);
    expect(await q({ userId: a.id, beginTime: new Date(Date.now() - 60_000).toISOString() })).toHaveLength(2);
    expect((await post(t, '/admin/recharge/list.do', { status: 7 }, { token })).json().msg).toBe('参数错误：status 取值不在允许范围内');
    expect((await post(t, '/admin/recharge/list.do', { beginTime: 'yesterday' }, { token })).json().status).toBe(2);

    // agent staff see only their subtree, in lists and in the header counter
    const staff = await signedIn(t, 'agent', { agentId: agent });
    const seen = (await post(t, '/admin/recharge/list.do', { pageSize: 100 }, { token: staff.token })).json();
    expect(seen.data.list.map((r: { id: number }) => r.id).sort()).toEqual([o1.id, o2.id].sort());
    expect(seen.data.totals.count).toBe(2);
    const counts = (await get(t, '/admin/system/count.do', {}, { token: staff.token })).json().data;
    expect(counts.recharge).toBe(1);
    const all = (await get(t, '/admin/system/count.do', {}, { token })).json().data;
    const [{ n }] = rows<{ n: number }>(
      await t.app.ctx.db.execute(sql`SELECT count(*)::int AS n FROM recharge_orders WHERE status = 0`),
    ) as [{ n: number }];
    expect(all.recharge).toBe(n);
    // …and cannot review (read-only role), nor touch another subtree's order through a custom role
    expect((await post(t, '/admin/recharge/confirm.do', { id: o1.id }, { token: staff.token })).statusCode).toBe(403);
  });

  it('exports the filtered list as CSV', async () => {
    const u = await userWithToken();
    await create(u.tk, { channelId: channel, amount: '321' });
    const r = await post(t, '/admin/recharge/export.do', { userId: u.id }, { token });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/csv');
    const lines = r.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('订单号,用户ID,手机号,姓名,代理,金额,渠道,状态,来源,付款人,用户备注,后台备注,驳回原因,审核人,审核时间,创建时间');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('321.00');
    expect(lines[1]).toContain('待审核');
    // the export itself is audited: filters and row count, before the file ends
    const [log] = rows<{ module: string; msg: string; summary: { input: { userId: number }; rows: number } }>(
      await t.app.ctx.db.execute(
        sql`SELECT module, msg, summary FROM operation_log WHERE action = '/admin/recharge/export.do' ORDER BY id DESC LIMIT 1`,
      ),
    );
    expect(log).toMatchObject({ module: 'recharge', msg: 'exported 1 rows', summary: { input: { userId: u.id }, rows: 1 } });
    const support = await signedIn(t, 'support');
    expect((await post(t, '/admin/recharge/export.do', {}, { token: support.token })).statusCode).toBe(403);
  });

  it('confirms exactly once under concurrent clicks', async () => {
    const u = await userWithToken();
    const c = await create(u.tk, { channelId: channel, amount: '700' });
    const other = await signedIn(t, 'finance');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 ? confirm(c.data.id, other.token) : i % 3 ? reject(c.data.id, 'dup') : confirm(c.data.id),
      ),
    );
    expect(results.filter((r) => r.status === 0)).toHaveLength(1);
    expect(results.filter((r) => r.status === 1)).toHaveLength(19);
    const l = await checkLedger(t, u.id);
    expect(l.ok).toBe(true);
    expect(l.records).toBeLessThanOrEqual(1);
    expect(await ledgerOk(t)).toBe(true);
  });
});
