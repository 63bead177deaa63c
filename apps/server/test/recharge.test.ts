import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/migrate.js';
import { createTestApp, get, post, signedIn, type TestApp } from './helpers.js';
import { appPost, appToken, captureEvents, checkLedger, ledgerOk, makeAgent, makeUser, openRules, recordsOf } from './funds.helpers.js';
import type { DomainEvent } from '../src/http/context.js';

let t: TestApp;
let token: string;
let events: DomainEvent[];
let channel: number; // in the default tier
let tierChannel: number; // in tier A only
let tierA: number;

beforeAll(async () => {
  t = await createTestApp();
  token = (await signedIn(t, 'finance')).token;
  events = captureEvents(t);
  await openRules(t, token, { maxOpenRechargePerHour: '50' });
  const add = async (body: Record<string, unknown>) => (await post(t, '/admin/channel/add', body, { token })).json().data.id as number;
  channel = await add({
    type: 'bank',
    name: 'ICBC',
    displayName: '工商银行',
    payeeName: '某公司',
    account: '6222000011112222',
    bankName: '工商银行',
    minAmount: '200',
    maxAmount: '50000',
  });
  tierChannel = await add({ type: 'alipay', name: 'Ali-A', displayName: '支付宝', account: 'pay@a.com', dailyCap: '1000' });
  const dflt = (await post(t, '/admin/channel/layering/add', { layeringName: '默认', isDefault: true }, { token })).json().data.id;
  tierA = (await post(t, '/admin/channel/layering/add', { layeringName: 'A' }, { token })).json().data.id;
  await post(t, '/admin/channel/layering/channels/add', { layeringId: dflt, channelIds: String(channel) }, { token });
  await post(t, '/admin/channel/layering/channels/add', { layeringId: tierA, channelIds: String(tierChannel) }, { token });
});
afterAll(() => t.close());
beforeEach(() => {
  events.length = 0;
});

const create = async (tk: string, body: Record<string, unknown>, lang?: string) =>
  (await appPost(t, '/app/recharge/create.do', body, tk, { lang })).json();
const confirm = async (id: number, tk = token, extra: Record<string, unknown> = {}) =>
  (await post(t, '/admin/recharge/confirm.do', { id, ...extra }, { token: tk })).json();
const reject = async (id: number, reason?: string, tk = token) =>
  (await post(t, '/admin/recharge/reject.do', { id, reason }, { token: tk })).json();

async function userWithToken(o: Parameters<typeof makeUser>[1] = {}) {
  const id = await makeUser(t, o);
  return { id, tk: await appToken(t, id) };
}

describe('deposit orders: the life of an order', () => {
  it('opens a pending order (RECHARGE), confirms it once (credits both balances through the ledger)', async () => {
    const u = await userWithToken();
    const c = await create(u.tk, { channelId: channel, amount: '1000.50', payerName: '李四', note: '转账尾号 1234' });
    expect(c.status).toBe(0);
    expect(c.msg).toBe('充值订单已提交，请尽快付款');
    expect(c.data).toMatchObject({
      amount: '1000.50',
      status: 0,
      payerName: '李四',
      channel: { type: 'bank', displayName: '工商银行', account: '6222000011112222' },
    });
    expect(c.data.orderNo).toMatch(/^R\d{20}$/);
    expect(events).toEqual([
      expect.objectContaining({ type: 'RECHARGE', userId: u.id, data: expect.objectContaining({ id: c.data.id, amount: '1000.50' }) }),
    ]);
    let l = await checkLedger(t, u.id);
    expect(l).toMatchObject({ ok: true, records: 0, balances: { userAmt: '0.00', enableAmt: '0.00', frozenAmt: '0.00' } });

    const ok = await confirm(c.data.id, token, { note: '已到账' });
    expect(ok.status).toBe(0);
    expect(ok.msg).toBe('充值已确认');
    expect(ok.data).toMatchObject({ status: 1, adminNote: '已到账', reviewedByName: expect.any(String) });
    l = await checkLedger(t, u.id);
    expect(l).toMatchObject({ ok: true, records: 1, balances: { userAmt: '1000.50', enableAmt: '1000.50', frozenAmt: '0.00' } });
    expect(await recordsOf(t, `recharge:${c.data.id}`)).toEqual([
      { type: 'recharge', amount: '1000.50', equity_delta: '1000.50', enable_delta: '1000.50', frozen_delta: '0.00' },
    ]);

    // exactly once: a second confirm, a reject or a user cancel is refused and moves nothing
    expect(await confirm(c.data.id)).toEqual({ status: 1, msg: '该订单已充值成功，不能再次处理', data: null });
    expect((await reject(c.data.id, 'x')).msg).toBe('该订单已充值成功，不能再次处理');
    expect((await appPost(t, '/app/recharge/cancel.do', { id: c.data.id }, u.tk)).json().msg).toBe('该订单已充值成功，不能再次处理');
    expect(await checkLedger(t, u.id)).toMatchObject({ ok: true, records: 1, balances: { userAmt: '1000.50' } });
    expect(await ledgerOk(t)).toBe(true);

    // the channel shows today's successful total, and cannot be deleted now that a deposit names it
    const ch = (await get(t, '/admin/channel/detail', { id: channel }, { token })).json().data;
    expect(Number(ch.todayAmount)).toBeGreaterThanOrEqual(1000.5);
    const del = (await post(t, '/admin/channel/delete', { id: channel }, { token })).json();
    expect(del.status).toBe(1);
    expect(del.msg).toMatch(/^该渠道已有 \d+ 笔充值\/提现记录，不能删除，请改为停用$/);
    expect((await get(t, '/admin/channel/detail', { id: channel }, { token })).json().status).toBe(0);
  });

  it('rejects with a reason: nothing moves, RECHARGE_FAILURE is raised', async () => {
    const u = await userWithToken();
    const c = await create(u.tk, { channelId: channel, amount: '300' });
    expect((await reject(c.data.id)).msg).toBe('参数错误：reason 不能为空');
    expect((await reject(c.data.id, '   ')).msg).toBe('参数错误：reason 不能为空');
    events.length = 0;
    const r = await reject(c.data.id, '未收到款项');
    expect(r.status).toBe(0);
    expect(r.msg).toBe('充值已驳回');
    expect(r.data).toMatchObject({ status: 2, rejectReason: '未收到款项' });
    expect(events.filter((e) => e.type !== 'RECHARGE_SETTLED')).toEqual([
      expect.objectContaining({
        type: 'RECHARGE_FAILURE',
        userId: u.id,
        data: expect.objectContaining({ id: c.data.id, reason: '未收到款项', amount: '300.00' }),
      }),
    ]);
    expect(await checkLedger(t, u.id)).toMatchObject({ ok: true, records: 0, balances: { userAmt: '0.00', enableAmt: '0.00' } });
    expect((await confirm(c.data.id)).msg).toBe('该订单已驳回，不能再次处理');
    expect(await checkLedger(t, u.id)).toMatchObject({ ok: true, records: 0 });
    // …and a station message
    const msgs = rows<{ title: string; content: string }>(
      await t.app.ctx.db.execute(
        sql`SELECT m.title, m.content FROM station_messages m JOIN station_message_recipients r ON r.message_id = m.id WHERE r.user_id = ${u.id}`,
      ),
    );
    expect(msgs).toEqual([{ title: '充值未通过', content: `您的充值订单 ${c.data.orderNo}（300.00 元）未通过审核：未收到款项` }]);
    // the user sees the reason
    const mine = (await appPost(t, '/app/recharge/list.do', {}, u.tk)).json();
    expect(mine.data.list[0]).toMatchObject({ id: c.data.id, status: 2, rejectReason: '未收到款项' });
  });

  it('lets the user cancel a pending order (nothing moves) and only their own', async () => {
    const u = await userWithToken();
    const other = await userWithToken();
    const c = await create(u.tk, { channelId: channel, amount: '500' });
    expect((await appPost(t, '/app/recharge/cancel.do', { id: c.data.id }, other.tk)).json()).toEqual({
      status: 1,
      msg: '充值订单不存在',
      data: null,
    });
    const x = (await appPost(t, '/app/recharge/cancel.do', { id: c.data.id }, u.tk)).json();
    expect(x).toMatchObject({ status: 0, msg: '充值订单已取消', data: { status: 3 } });
    expect((await appPost(t, '/app/recharge/cancel.do', { id: c.data.id }, u.tk)).json().msg).toBe('该订单已取消，不能再次处理');
    expect((await confirm(c.data.id)).msg).toBe('该订单已取消，不能再次处理');
    expect(await checkLedger(t, u.id)).toMatchObject({ ok: true, records: 0, balances: { enableAmt: '0.00' } });
  });

  it('takes a payment receipt as an image file or a URL, only while pending', async () => {
    const u = await userWithToken();
    const c = await create(u.tk, { channelId: channel, amount: '500' });
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
    const boundary = '----r';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="id"\r\n\r\n${c.data.id}\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="receipt"; filename="r.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const r = (
      await t.app.inject({
        method: 'POST',
        url: '/app/recharge/receipt.do',
        headers: { usertoken: u.tk, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      })
    ).json();
    expect(r.status).toBe(0);
    expect(r.msg).toBe('付款凭证已上传');
    expect(r.data.receiptImage).toMatch(/^\/admin\/user\/file\/[a-f0-9]{32}\.png$/);

    const url = (await appPost(t, '/app/recharge/receipt.do', { id: c.data.id, receipt: 'https://img.example.com/r.jpg' }, u.tk)).json();
    expect(url.data.receiptImage).toBe('https://img.example.com/r.jpg');
    expect((await appPost(t, '/app/recharge/receipt.do', { id: c.data.id, receipt: 'javascript:x' }, u.tk)).json().status).toBe(2);
    await confirm(c.data.id);
    expect(
      (await appPost(t, '/app/recharge/receipt.do', { id: c.data.id, receipt: 'https://img.example.com/2.jpg' }, u.tk)).json().msg,
    ).toBe('该订单已充值成功，不能再次处理');
  });

  it('needs a user token on the app side', async () => {
    const r = (await t.app.inject({ method: 'POST', url: '/app/recharge/list.do' })).json();
    expect(r.status).toBe(10);
  });
});

describe('deposit orders: the pending counter follows the queue', () => {
  it('raises RECHARGE_SETTLED when an order is confirmed, rejected or cancelled', async () => {
    const u = await userWithToken();
    const settled = () => events.filter((e) => e.type === 'RECHARGE_SETTLED').map((e) => e.data.id);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await create(u.tk, { channelId: channel, amount: '200', payerName: '李四' })).data.id);
    expect((await confirm(ids[0]!)).status).toBe(0);
    expect((await reject(ids[1]!, '未到账')).status).toBe(0);
    expect((await appPost(t, '/app/recharge/cancel.do', { id: ids[2] }, u.tk)).json().status).toBe(0);
    expect(settled()).toEqual(ids);
    expect((await confirm(ids[0]!)).status).toBe(1);
    expect(settled()).toEqual(ids);
  });
});

describe('deposit orders: refusals at creation', () => {
  it('refuses a channel outside the user’s tier', async () => {
    const plain = await userWithToken(); // no tier → default tier → `channel` only
    const inA = await userWithToken({ layeringId: tierA }); // tier A → `tierChannel` only
    expect(await create(plain.tk, { channelId: tierChannel, amount: '300' })).toEqual({ status: 1, msg: '该支付渠道不可用', data: null });
    expect((await create(inA.tk, { channelId: channel, amount: '300' }, 'en-US')).msg).toBe('This payment channel is not available to you');
    expect((await create(inA.tk, { channelId: tierChannel, amount: '300' })).status).toBe(0);
    // the app channel list shows exactly the usable ones, with the effective minimum
    const list = (await appPost(t, '/app/channel/list.do', {}, plain.tk)).json();
    expect(list.data).toEqual([
      expect.objectContaining({ id: channel, minAmount: '200.00', maxAmount: '50000.00', displayName: '工商银行' }),
    ]);
    expect(JSON.stringify(list.data)).not.toContain('"name"');
    const listA = (await appPost(t, '/app/channel/list.do', {}, inA.tk)).json();
    expect(listA.data.map((c: { id: number; minAmount: string }) => [c.id, c.minAmount])).toEqual([[tierChannel, '100.00']]);
    expect(await checkLedger(t, plain.id)).toMatchObject({ ok: true, records: 0 });
  });

  it('refuses without real-name approval, for simulated accounts, and unknown or disabled channels', async () => {
    for (const realState of [0, 1, 3]) {
      const u = await userWithToken({ realState });
      expect(await create(u.tk, { channelId: channel, amount: '300' })).toEqual({ status: 1, msg: '请先完成实名认证', data: null });
    }
    const sim = await userWithToken({ accountType: 1 });
    expect((await create(sim.tk, { channelId: channel, amount: '300' })).msg).toBe('模拟账户不能充值');
    const u = await userWithToken();
    expect((await create(u.tk, { channelId: 999999, amount: '300' })).msg).toBe('该支付渠道不可用');
  });

  it('keeps the amount within the site minimum and the channel min/max', async () => {
    const u = await userWithToken();
    const inA = await userWithToken({ layeringId: tierA });
    expect((await create(u.tk, { channelId: channel, amount: '199.99' })).msg).toBe('充值金额不能低于 200.00'); // channel minimum
    expect((await create(inA.tk, { channelId: tierChannel, amount: '99.99' })).msg).toBe('充值金额不能低于 100.00'); // site minimum
    expect((await create(u.tk, { channelId: channel, amount: '50000.01' }, 'en-US')).msg).toBe(
      'The maximum deposit on this channel is 50000.00',
    );
    expect((await create(u.tk, { channelId: channel, amount: '200' })).status).toBe(0);
    expect((await create(u.tk, { channelId: channel, amount: '50000' })).status).toBe(0);
  });

  it('keeps a channel within its daily cap (pending and successful orders count)', async () => {
    const a = await userWithToken({ layeringId: tierA });
    const b = await userWithToken({ layeringId: tierA });
    // earlier tests used 300 of this channel's 1000 today
    const used = (await post(t, '/admin/recharge/list.do', { channelId: tierChannel, status: 0, pageSize: 100 }, { token })).json().data
      .totals.amount;
    const left = 1000 - Number(used);
    expect((await create(a.tk, { channelId: tierChannel, amount: String(left - 100) })).status).toBe(0);
    expect((await create(b.tk, { channelId: tierChannel, amount: '100.01' })).msg).toBe('该渠道今日额度已满，请选择其他渠道');
    expect((await create(b.tk, { channelId: tierChannel, amount: '100' })).status).toBe(0);
  });

  it('allows at most N open orders per hour', async () => {
    await openRules(t, token, { maxOpenRechargePerHour: '2' });
    try {
      const u = await userWithToken();
      const first = await create(u.tk, { channelId: channel, amount: '300' });
      await create(u.tk, { channelId: channel, amount: '300' });
      expect(await create(u.tk, { channelId: channel, amount: '300' })).toEqual({
        status: 1,
        msg: '一小时内最多提交 2 笔待处理的充值订单，请先完成或取消',
        data: null,
      });
      // cancelling one frees a slot; orders older than an hour do not count
      await appPost(t, '/app/recharge/cancel.do', { id: first.data.id }, u.tk);
      expect((await create(u.tk, { channelId: channel, amount: '300' })).status).toBe(0);
      await t.app.ctx.db.execute(sql`UPDATE recharge_orders SET created_at = now() - interval '61 minutes' WHERE user_id = ${u.id}`);
      expect((await create(u.tk, { channelId: channel, amount: '300' })).status).toBe(0);
    } finally {
      await openRules(t, token, { maxOpenRechargePerHour: '50' });
    }
  });

  it('validates every field', async () => {
    const u = await userWithToken();
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: '300' }, '参数错误：channelId 不能为空'],
      [{ channelId: channel }, '参数错误：amount 不能为空'],
      [{ channelId: channel, amount: '' }, '参数错误：amount 不能为空'],
      [{ channelId: channel, amount: 'abc' }, '参数错误：amount 金额格式不正确（最多两位小数）'],
      [{ channelId: channel, amount: '1.001' }, '参数错误：amount 金额格式不正确（最多两位小数）'],
      [{ channelId: channel, amount: '0' }, '参数错误：amount 必须大于 0'],
      [{ channelId: channel, amount: '-5' }, '参数错误：amount 必须大于 0'],
      [{ channelId: channel, amount: '300', payerName: 'x'.repeat(51) }, '参数错误：payerName 过大或过长（最大 50）'],
    ];
    for (const [body, msg] of cases) expect(await create(u.tk, body)).toEqual({ status: 2, msg, data: null });
    expect((await create(u.tk, { channelId: channel, amount: '0' }, 'en-US')).msg).toBe('Invalid argument: amount must be greater than 0');
  });
});

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
