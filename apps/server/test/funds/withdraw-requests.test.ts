// Withdrawal requests from the trading app (DESIGN §5 Withdrawal): the life of a request, the pending counter and
// the refusals at request. Split from the former withdraw.test.ts (issue #19: files under 400 lines); the console's
// batch review, list and export, and the concurrency checks are in withdraw-console.test.ts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../src/db/rows.js';
import { applyWithdrawal } from '../../src/modules/funds/withdraw.js';
import { createTestApp, post, signedIn, type TestApp } from '../helpers.js';
import {
  appPost,
  appToken,
  captureEvents,
  checkLedger,
  ledgerOk,
  makeUser,
  openRules,
  recordsOf,
  withdrawalCalls,
} from './funds.helpers.js';
import type { DomainEvent } from '../../src/app/context.js';

let t: TestApp;
let token: string;
let events: DomainEvent[];

beforeAll(async () => {
  t = await createTestApp();
  token = (await signedIn(t, 'finance')).token;
  events = captureEvents(t);
  // fee = amount × 0.5 % + 2
  await openRules(t, token);
});
afterAll(() => t.close());
beforeEach(() => {
  events.length = 0;
});

const { richUser, apply, review } = withdrawalCalls(
  () => t,
  () => token,
);

describe('withdrawals: the life of a request', () => {
  it('holds amount and fee from both balances at request (WITHDRAW_REQUEST), and paying moves nothing more', async () => {
    const u = await richUser('10000');
    const r = await apply(u.tk, { amount: '1000', note: '急用' });
    expect(r.status).toBe(0);
    expect(r.msg).toBe('提现申请已提交');
    expect(r.data).toMatchObject({ amount: '1000.00', fee: '7.00', status: 0, bankName: '招商银行', cardNoMasked: '**** **** **** 5678' });
    expect(r.data.orderNo).toMatch(/^W\d{20}$/);
    expect(events).toEqual([
      expect.objectContaining({
        type: 'WITHDRAW_REQUEST',
        userId: u.id,
        data: expect.objectContaining({ id: r.data.id, amount: '1000.00' }),
      }),
    ]);
    expect(await checkLedger(t, u.id)).toMatchObject({
      ok: true,
      records: 3,
      balances: { userAmt: '8993.00', enableAmt: '8993.00', frozenAmt: '0.00' },
    });
    expect(await recordsOf(t, `withdraw:${r.data.id}`)).toEqual([
      { type: 'withdraw', amount: '-1000.00', equity_delta: '-1000.00', enable_delta: '-1000.00', frozen_delta: '0.00' },
      { type: 'withdraw_fee', amount: '-7.00', equity_delta: '-7.00', enable_delta: '-7.00', frozen_delta: '0.00' },
    ]);

    const ok = await review(r.data.id, 1, { note: '网银已转' });
    expect(ok.status).toBe(0);
    expect(ok.msg).toBe('已确认打款');
    expect(ok.data).toMatchObject({ status: 1, adminNote: '网银已转', cardNo: '6225880012345678', fee: '7.00' });
    expect(await checkLedger(t, u.id)).toMatchObject({ ok: true, records: 3, balances: { userAmt: '8993.00', enableAmt: '8993.00' } });

    // final: no second approval, no rejection, no cancel
    expect(await review(r.data.id, 1)).toEqual({ status: 1, msg: '该提现已打款，不能再次处理', data: null });
    expect((await review(r.data.id, 2, { reason: 'x' })).msg).toBe('该提现已打款，不能再次处理');
    expect((await appPost(t, '/app/withdraw/cancel.do', { id: r.data.id }, u.tk)).json().msg).toBe('该提现已打款，不能再次处理');
    expect(await checkLedger(t, u.id)).toMatchObject({ ok: true, records: 3 });
    expect(await ledgerOk(t)).toBe(true);
  });

  it('rejects only with a reason and refunds amount and fee through the ledger', async () => {
    const u = await richUser('5000');
    const r = await apply(u.tk, { amount: '2000' });
    expect(r.data.fee).toBe('12.00');
    expect(await review(r.data.id, 2)).toEqual({ status: 2, msg: '参数错误：reason 不能为空', data: null });
    expect((await review(r.data.id, 2, { reason: '' })).msg).toBe('参数错误：reason 不能为空');
    expect(await checkLedger(t, u.id)).toMatchObject({ balances: { enableAmt: '2988.00' } });
    const x = await review(r.data.id, 2, { reason: '银行卡信息有误' });
    expect(x).toMatchObject({ status: 0, msg: '提现已驳回，资金已退回', data: { status: 2, rejectReason: '银行卡信息有误' } });
    expect(await checkLedger(t, u.id)).toMatchObject({
      ok: true,
      records: 5,
      balances: { userAmt: '5000.00', enableAmt: '5000.00', frozenAmt: '0.00' },
    });
    expect((await recordsOf(t, `withdraw:${r.data.id}`)).map((x) => [x.type, x.amount])).toEqual([
      ['withdraw', '-2000.00'],
      ['withdraw_fee', '-12.00'],
      ['withdraw_refund', '2000.00'],
      ['withdraw_fee_refund', '12.00'],
    ]);
    expect((await review(r.data.id, 2, { reason: 'again' })).msg).toBe('该提现已驳回，不能再次处理');
    expect((await review(r.data.id, 1)).msg).toBe('该提现已驳回，不能再次处理');
    expect(await checkLedger(t, u.id)).toMatchObject({ ok: true, records: 5 });
  });

  it('lets the user cancel a pending request (refund) once, and only their own', async () => {
    const u = await richUser('3000');
    const other = await richUser('0');
    const r = await apply(u.tk, { amount: '1000' });
    expect((await appPost(t, '/app/withdraw/cancel.do', { id: r.data.id }, other.tk)).json()).toEqual({
      status: 1,
      msg: '提现记录不存在',
      data: null,
    });
    const c = (await appPost(t, '/app/withdraw/cancel.do', { id: r.data.id }, u.tk)).json();
    expect(c).toMatchObject({ status: 0, msg: '提现已取消，资金已退回', data: { status: 3 } });
    expect(await checkLedger(t, u.id)).toMatchObject({ ok: true, records: 5, balances: { userAmt: '3000.00', enableAmt: '3000.00' } });
    expect((await appPost(t, '/app/withdraw/cancel.do', { id: r.data.id }, u.tk)).json().msg).toBe('该提现已取消，不能再次处理');
    expect((await review(r.data.id, 1)).msg).toBe('该提现已取消，不能再次处理');
    expect(await checkLedger(t, u.id)).toMatchObject({ ok: true, records: 5 });
    const mine = (await appPost(t, '/app/withdraw/list.do', { status: 3 }, u.tk)).json();
    expect(mine.data.list.map((w: { id: number }) => w.id)).toEqual([r.data.id]);
  });

  it('charges no fee record when the fee is zero, and records the payout channel', async () => {
    await openRules(t, token, { withdrawFeePercent: '0', withdrawFeeFixed: '0' });
    try {
      const u = await richUser('500');
      const r = await apply(u.tk, { amount: '500' });
      expect(r.data.fee).toBe('0.00');
      expect((await recordsOf(t, `withdraw:${r.data.id}`)).map((x) => x.type)).toEqual(['withdraw']);
      const ch = (
        await post(
          t,
          '/admin/channel/add',
          { type: 'bank', name: 'payout', displayName: 'p', payeeName: 'p', account: '1', bankName: 'b', withdrawable: true },
          { token },
        )
      ).json().data.id;
      const noPayout = (
        await post(t, '/admin/channel/add', { type: 'usdt', name: 'nope', displayName: 'n', account: 'T1' }, { token })
      ).json().data.id;
      expect((await review(r.data.id, 1, { channelId: noPayout })).msg).toBe('该渠道不能用于提现打款');
      const ok = await review(r.data.id, 1, { channelId: ch });
      expect(ok.data).toMatchObject({ status: 1, payoutChannelId: ch, payoutChannelName: 'payout' });
      // a channel a withdrawal names cannot be deleted
      expect((await post(t, '/admin/channel/delete', { id: ch }, { token })).json().msg).toBe(
        '该渠道已有 1 笔充值/提现记录，不能删除，请改为停用',
      );
      expect(await checkLedger(t, u.id)).toMatchObject({ ok: true, balances: { enableAmt: '0.00', userAmt: '0.00' } });
    } finally {
      await openRules(t, token);
    }
  });
});

describe('withdrawals: the pending counter follows the queue', () => {
  it('raises WITHDRAW_SETTLED when a request is paid, rejected or cancelled (every console asks for the counts again)', async () => {
    const u = await richUser();
    const settled = () => events.filter((e) => e.type === 'WITHDRAW_SETTLED').map((e) => e.data.id);
    const a = (await applyWithdrawal(t.app.ctx, u.id, { amount: '100' })).id;
    const b = (await applyWithdrawal(t.app.ctx, u.id, { amount: '100' })).id;
    const c = (await applyWithdrawal(t.app.ctx, u.id, { amount: '100' })).id;
    expect(settled()).toEqual([]);
    expect((await review(a, 1)).status).toBe(0);
    expect((await review(b, 2, { reason: '信息不符' })).status).toBe(0);
    expect((await appPost(t, '/app/withdraw/cancel.do', { id: c }, u.tk)).json().status).toBe(0);
    expect(settled()).toEqual([a, b, c]);
    // a refused review leaves the queue as it was: no event
    expect((await review(a, 2, { reason: 'x' })).status).toBe(1);
    expect(settled()).toEqual([a, b, c]);
    expect(events.find((e) => e.type === 'WITHDRAW_SETTLED')!.userId).toBe(u.id);
  });
});

describe('withdrawals: refusals at request', () => {
  it('refuses without real-name approval, bank card, when locked, for simulated accounts', async () => {
    for (const realState of [0, 1, 3]) {
      const u = await richUser('1000', { realState });
      expect(await apply(u.tk, { amount: '100' })).toEqual({ status: 1, msg: '请先完成实名认证', data: null });
    }
    const noCard = await richUser('1000', { bank: false });
    expect((await apply(noCard.tk, { amount: '100' })).msg).toBe('请先绑定银行卡');
    expect((await apply(noCard.tk, { amount: '100', bankId: 99999999 })).msg).toBe('银行卡不存在');
    const locked = await richUser('1000', { tradeLocked: true });
    expect((await apply(locked.tk, { amount: '100' })).msg).toBe('账户已被锁定，不能提现');
    const sim = await makeUser(t, { accountType: 1 });
    expect((await apply(await appToken(t, sim), { amount: '100' })).msg).toBe('模拟账户不能提现');
    for (const u of [noCard, locked])
      expect(await checkLedger(t, u.id)).toMatchObject({ ok: true, records: 1, balances: { enableAmt: '1000.00' } });
  });

  it('pays to the card named, else the newest; never to another user’s card', async () => {
    const a = await richUser('10000');
    const b = await richUser('10000');
    // a second, newer card for a (the helper's first ends in 5678)
    const [newer] = rows<{ id: number }>(
      await t.app.ctx.db.execute(sql`
        INSERT INTO user_banks (user_id, bank_name, branch, card_no_sealed, card_last4, holder_name)
        VALUES (${a.id}, '工商银行', '北京分行', ${t.app.ctx.secrets.seal('6222020000004321')}, '4321', 'x') RETURNING id`),
    );
    const cards = async (userId: number) =>
      rows<{ id: number }>(await t.app.ctx.db.execute(sql`SELECT id FROM user_banks WHERE user_id = ${userId} ORDER BY id`)).map(
        (r) => r.id,
      );
    const [older] = await cards(a.id);
    const [bCard] = await cards(b.id);
    // the newest by default, the one named otherwise — each user's own, whichever asked before
    expect((await apply(a.tk, { amount: '100' })).data).toMatchObject({ bankName: '工商银行', cardNoMasked: '**** **** **** 4321' });
    expect((await apply(a.tk, { amount: '100', bankId: older })).data).toMatchObject({
      bankName: '招商银行',
      cardNoMasked: '**** **** **** 5678',
    });
    expect((await apply(b.tk, { amount: '100', bankId: bCard })).data).toMatchObject({ bankName: '招商银行' });
    expect(await apply(b.tk, { amount: '100', bankId: newer!.id })).toEqual({ status: 1, msg: '银行卡不存在', data: null });
    expect((await apply(b.tk, { amount: '100' })).data).toMatchObject({ cardNoMasked: '**** **** **** 5678' });
    // two requests each (100 + a fee of 2.50), b's refused one holding nothing
    expect(await checkLedger(t, a.id)).toMatchObject({ ok: true, records: 5, balances: { enableAmt: '9795.00' } });
    expect(await checkLedger(t, b.id)).toMatchObject({ ok: true, records: 5, balances: { enableAmt: '9795.00' } });
  });

  it('keeps the amount between the minimum and free cash (fee included)', async () => {
    const u = await richUser('1000');
    expect((await apply(u.tk, { amount: '99.99' })).msg).toBe('提现金额不能低于 100.00');
    expect((await apply(u.tk, { amount: '1000.01' })).msg).toBe('提现金额不能超过可用资金 1000.00');
    // 1000 + 7 > 1000
    expect((await apply(u.tk, { amount: '1000' })).msg).toBe('提现金额加手续费 7.00 超过可用资金 1000.00');
    expect((await apply(u.tk, { amount: '1000' }, 'en-US')).msg).toBe('The amount plus the fee of 7.00 exceeds your free cash of 1000.00');
    expect(await checkLedger(t, u.id)).toMatchObject({ ok: true, records: 1, balances: { enableAmt: '1000.00' } });
    // 990 + 6.95 = 996.95 ≤ 1000
    const ok = await apply(u.tk, { amount: '990' });
    expect(ok.data.fee).toBe('6.95');
    expect(await checkLedger(t, u.id)).toMatchObject({ ok: true, balances: { enableAmt: '3.05', userAmt: '3.05' } });
  });

  it('accepts requests only within the withdrawal hours (Asia/Shanghai)', async () => {
    await openRules(t, token, { withdrawStart: '09:00', withdrawEnd: '17:00' });
    try {
      const u = await richUser('1000');
      const at = (hhmmUtc: string) => new Date(`2025-03-03T${hhmmUtc}:00Z`);
      await expect(applyWithdrawal(t.app.ctx, u.id, { amount: '100' }, at('00:59'))).rejects.toMatchObject({
        key: 'withdraw.outside_hours',
      }); // 08:59
      await expect(applyWithdrawal(t.app.ctx, u.id, { amount: '100' }, at('09:00'))).rejects.toMatchObject({
        key: 'withdraw.outside_hours',
      }); // 17:00
      expect((await applyWithdrawal(t.app.ctx, u.id, { amount: '100' }, at('01:00'))).status).toBe(0); // 09:00
      const hm = rows<{ hm: string }>(
        await t.app.ctx.db.execute(sql`SELECT to_char(now() AT TIME ZONE 'Asia/Shanghai', 'HH24:MI') AS hm`),
      )[0]!.hm;
      const r = await apply(u.tk, { amount: '100' });
      if (hm >= '09:00' && hm < '17:00') expect(r.status).toBe(0);
      else expect(r).toEqual({ status: 1, msg: '提现时间为每日 09:00 至 17:00', data: null });
    } finally {
      await openRules(t, token);
    }
  });

  it('validates every field', async () => {
    const u = await richUser('1000');
    const cases: [Record<string, unknown>, string][] = [
      [{}, '参数错误：amount 不能为空'],
      [{ amount: 'x' }, '参数错误：amount 金额格式不正确（最多两位小数）'],
      [{ amount: '0' }, '参数错误：amount 必须大于 0'],
      [{ amount: '100', bankId: 'abc' }, '参数错误：bankId 类型不正确'],
      [{ amount: '100', note: 'x'.repeat(201) }, '参数错误：note 过大或过长（最大 200）'],
    ];
    for (const [body, msg] of cases) expect(await apply(u.tk, body)).toEqual({ status: 2, msg, data: null });
    const adminCases: [Record<string, unknown>, string][] = [
      [{ id: 1 }, '参数错误：state 不能为空'],
      [{ id: 1, state: 0 }, '参数错误：state 取值不在允许范围内'],
      [{ id: 1, state: 3 }, '参数错误：state 取值不在允许范围内'],
      [{ state: 1 }, '参数错误：id 不能为空'],
      [{ id: 1, state: 2 }, '参数错误：reason 不能为空'],
      [{ id: 1, state: 2, reason: 'x'.repeat(201) }, '参数错误：reason 过大或过长（最大 200）'],
    ];
    for (const [body, msg] of adminCases)
      expect((await post(t, '/admin/withdraw/updateState.do', body, { token })).json()).toEqual({ status: 2, msg, data: null });
    expect((await post(t, '/admin/withdraw/batch.do', { ids: '', state: 1 }, { token })).json().msg).toBe(
      '参数错误：ids 过小或过短（最小 1）',
    );
    expect((await post(t, '/admin/withdraw/batch.do', { ids: '1,2', state: 2 }, { token })).json().msg).toBe('参数错误：reason 不能为空');
    expect((await review(99999999, 1)).msg).toBe('提现记录不存在');
  });
});
