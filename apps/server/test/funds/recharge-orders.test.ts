// Deposit orders from the trading app (DESIGN §5 Recharge order): the life of an order, the pending counter and
// the refusals at creation. Split from the former recharge.test.ts (issue #19: files under 400 lines); the
// console's side (orders created by staff, notes, lists, export, concurrent confirmation) is in
// recharge-console.test.ts. Both start from the same channels and tiers (rechargeChannels in funds.helpers.ts).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../src/db/rows.js';
import { createTestApp, get, post, signedIn, type TestApp } from '../helpers.js';
import { appPost, captureEvents, checkLedger, ledgerOk, openRules, rechargeChannels, depositCalls, recordsOf } from './funds.helpers.js';
import type { DomainEvent } from '../../src/app/context.js';

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
  ({ channel, tierChannel, tierA } = await rechargeChannels(t, token));
});
afterAll(() => t.close());
beforeEach(() => {
  events.length = 0;
});

const { create, confirm, reject, userWithToken } = depositCalls(
  () => t,
  () => token,
);

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
