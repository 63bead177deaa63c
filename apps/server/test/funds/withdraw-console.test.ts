// Withdrawals in the console (DESIGN §5 Withdrawal): batch review, the list with filters, totals, card masking and
// agent scoping, the CSV export, and concurrent reviews and cancellations. Split from the former withdraw.test.ts
// (issue #19: files under 400 lines); the trading app's side of a request is in withdraw-requests.test.ts.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../src/db/rows.js';
import { createTestApp, get, post, signedIn, type TestApp } from '../helpers.js';
import { appPost, captureEvents, checkLedger, ledgerOk, makeAgent, openRules, recordsOf, withdrawalCalls } from './funds.helpers.js';
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

describe('withdrawals: console', () => {
  it('reviews selected rows in a batch, each on its own, reporting per row', async () => {
    const a = await richUser('5000');
    const b = await richUser('5000');
    const w1 = (await apply(a.tk, { amount: '1000' })).data.id;
    const w2 = (await apply(b.tk, { amount: '1000' })).data.id;
    const w3 = (await apply(a.tk, { amount: '500' })).data.id;
    await review(w3, 1);
    const r = (
      await post(t, '/admin/withdraw/batch.do', { ids: `${w1},${w2},${w3},99999999`, state: 2, reason: '风控拦截' }, { token })
    ).json();
    expect(r.status).toBe(0);
    expect(r.msg).toBe('批量处理完成：成功 2 笔，失败 2 笔');
    expect(r.data).toEqual({
      ok: 2,
      failed: 2,
      results: [
        { id: w1, ok: true, status: 2, msg: '操作成功' },
        { id: w2, ok: true, status: 2, msg: '操作成功' },
        { id: w3, ok: false, status: null, msg: '该提现已打款，不能再次处理' },
        { id: 99999999, ok: false, status: null, msg: '提现记录不存在' },
      ],
    });
    expect(await checkLedger(t, a.id)).toMatchObject({ ok: true, balances: { enableAmt: '4495.50' } }); // 5000 − 500 − (2.50 + 2) fee
    expect(await checkLedger(t, b.id)).toMatchObject({ ok: true, balances: { enableAmt: '5000.00' } });

    const w4 = (await apply(b.tk, { amount: '100' })).data.id;
    const ok = (await post(t, '/admin/withdraw/batch.do', { ids: [w4, w1], state: 1 }, { token, json: true })).json();
    expect(ok.data.results.map((x: { ok: boolean }) => x.ok)).toEqual([true, false]);
    expect(ok.data.results[1].msg).toBe('该提现已驳回，不能再次处理');
    expect(await ledgerOk(t)).toBe(true);
  });

  it('lists with filters and totals; full card numbers only for reviewers; scoped for agent staff', async () => {
    const agent = await makeAgent(t);
    const a = await richUser('9000', { agentId: agent });
    const b = await richUser('9000', { agentId: await makeAgent(t) });
    const w1 = (await apply(a.tk, { amount: '1000' })).data;
    const w2 = (await apply(a.tk, { amount: '3000' })).data;
    const w3 = (await apply(b.tk, { amount: '2000' })).data;
    await review(w2.id, 2, { reason: 'r' });

    const list = (await post(t, '/admin/withdraw/list.do', { userId: a.id }, { token })).json();
    expect(list.data.total).toBe(2);
    expect(list.data.list.map((w: { id: number }) => w.id)).toEqual([w2.id, w1.id]);
    expect(list.data.totals).toMatchObject({
      count: 2,
      amount: '4000.00',
      byStatus: { '0': { count: 1, amount: '1000.00' }, '2': { count: 1, amount: '3000.00' } },
    });
    expect(list.data.list[1]).toMatchObject({ cardNo: '6225880012345678', holderName: expect.any(String), fee: '7.00', agentId: agent });
    const q = async (f: Record<string, unknown>) =>
      (await post(t, '/admin/withdraw/list.do', { pageSize: 100, ...f }, { token })).json().data.list.map((w: { id: number }) => w.id);
    expect(await q({ agentId: agent, status: 0 })).toEqual([w1.id]);
    expect(await q({ keyword: w3.orderNo })).toEqual([w3.id]);
    expect(await q({ userId: a.id, minAmount: '2000', maxAmount: '3000' })).toEqual([w2.id]);

    const support = await signedIn(t, 'support');
    const masked = (await post(t, '/admin/withdraw/list.do', { userId: a.id }, { token: support.token })).json();
    expect(masked.data.list[0].cardNo).toBe('**** **** **** 5678');
    expect(JSON.stringify(masked)).not.toContain('6225880012345678');
    expect((await post(t, '/admin/withdraw/updateState.do', { id: w1.id, state: 1 }, { token: support.token })).statusCode).toBe(403);

    const staff = await signedIn(t, 'agent', { agentId: agent });
    const seen = (await post(t, '/admin/withdraw/list.do', { pageSize: 100 }, { token: staff.token })).json();
    expect(seen.data.list.map((w: { id: number }) => w.id)).toEqual([w2.id, w1.id]);
    expect(seen.data.list[0].cardNo).toBe('**** **** **** 5678');
    const counts = (await get(t, '/admin/system/count.do', {}, { token: staff.token })).json().data;
    expect(counts['2']).toBe(1);
    const all = (await get(t, '/admin/system/count.do', {}, { token })).json().data;
    const pending = rows<{ n: number }>(await t.app.ctx.db.execute(sql`SELECT count(*)::int AS n FROM withdrawals WHERE status = 0`))[0]!.n;
    expect(all['2']).toBe(pending);
  });

  it('exports the filtered list as CSV', async () => {
    const u = await richUser('1000');
    await apply(u.tk, { amount: '123.45' });
    const r = await post(t, '/admin/withdraw/export.do', { userId: u.id }, { token, lang: 'en-US' });
    expect(r.headers['content-type']).toContain('text/csv');
    const lines = r.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Order no,User id,Phone,Name,Agent,Amount,Fee,Status,Bank,Branch,Holder,Card no,Reject reason,Payout channel,Reviewed by,Reviewed at,Requested at',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('123.45,2.62,Pending');
  });
});

describe('withdrawals: concurrency', () => {
  it('50 concurrent approve/reject calls from two operators on one request: one outcome, one ledger movement (3 rounds)', async () => {
    const other = await signedIn(t, 'finance');
    const outcomes: string[] = [];
    for (let round = 0; round < 3; round++) {
      const u = await richUser('2000');
      const w = (await apply(u.tk, { amount: '1000' })).data;
      const before = await checkLedger(t, u.id);
      // approvals and rejections interleaved, from two operators (which kind comes first alternates by round)
      const calls = Array.from({ length: 50 }, (_, i) =>
        (i + round) % 2 === 0
          ? review(w.id, 1, {}, i % 4 < 2 ? token : other.token)
          : review(w.id, 2, { reason: `dup ${i}` }, i % 4 < 2 ? token : other.token),
      );
      const results = await Promise.all(calls);
      const winners = results.filter((r) => r.status === 0);
      expect(winners).toHaveLength(1);
      const losers = results.filter((r) => r.status === 1);
      expect(losers).toHaveLength(49);
      const finalStatus = winners[0].data.status;
      expect(losers.every((r) => r.msg === (finalStatus === 1 ? '该提现已打款，不能再次处理' : '该提现已驳回，不能再次处理'))).toBe(true);

      const records = await recordsOf(t, `withdraw:${w.id}`);
      const refunds = records.filter((r) => r.type.endsWith('refund'));
      const after = await checkLedger(t, u.id);
      expect(after.ok).toBe(true);
      if (finalStatus === 2) {
        // one movement: the refund of amount and fee, posted once
        expect(refunds.map((r) => r.type)).toEqual(['withdraw_refund', 'withdraw_fee_refund']);
        expect(after.records).toBe(before.records + 2);
        expect(after.balances).toEqual({ userAmt: '2000.00', enableAmt: '2000.00', frozenAmt: '0.00' });
      } else {
        expect(refunds).toEqual([]);
        expect(after.records).toBe(before.records);
        expect(after.balances).toEqual({ userAmt: '993.00', enableAmt: '993.00', frozenAmt: '0.00' });
      }
      const [row] = rows<{ status: number }>(await t.app.ctx.db.execute(sql`SELECT status FROM withdrawals WHERE id = ${w.id}`));
      expect(row!.status).toBe(finalStatus);
      outcomes.push(`round ${round + 1}: 1 winner (state ${finalStatus}), ${losers.length} refused, ${refunds.length} refund records`);
    }
    expect(await ledgerOk(t)).toBe(true);
    console.log(`concurrency on ${t.app.ctx.database.kind}:\n  ${outcomes.join('\n  ')}`);
  });

  it('a user cancelling while operators reject: one refund only', async () => {
    const u = await richUser('2000');
    const w = (await apply(u.tk, { amount: '500' })).data;
    const results = await Promise.all([
      ...Array.from({ length: 10 }, () => appPost(t, '/app/withdraw/cancel.do', { id: w.id }, u.tk).then((r) => r.json())),
      ...Array.from({ length: 10 }, () => review(w.id, 2, { reason: 'x' })),
    ]);
    expect(results.filter((r) => r.status === 0)).toHaveLength(1);
    const refunds = (await recordsOf(t, `withdraw:${w.id}`)).filter((r) => r.type.endsWith('refund'));
    expect(refunds).toHaveLength(2);
    expect(await checkLedger(t, u.id)).toMatchObject({ ok: true, balances: { enableAmt: '2000.00' } });
  });
});
