import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../src/db/rows.js';
import { applyWithdrawal } from '../../src/modules/funds/withdraw.js';
import { balances, credit, makeAgent, makeUser, openRules } from '../funds/funds.helpers.js';
import { createTestApp, post, signedIn, type TestApp } from '../helpers.js';

// Issue 26, findings 1–4: text PostgreSQL cannot store, arrays where one value is expected, and the
// field a refusal names. Every case answers status 2 naming the field, changes nothing, and is logged.
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await signedIn(t, 'admin')).token;
  await openRules(t, token);
});
afterAll(() => t.close());

const json = (url: string, body: Record<string, unknown>, lang?: string) => post(t, url, body, { token, json: true, lang });
const lastLog = async (action: string) =>
  rows<{ status: number; summary: { input: Record<string, unknown> }; msg: string }>(
    await t.app.ctx.db.execute(sql`SELECT status, summary, msg FROM operation_log WHERE action = ${action} ORDER BY id DESC LIMIT 1`),
  )[0];

describe('text that cannot be stored', () => {
  it('refuses a NUL character with the field named (not a 500), logs the refusal with the character written out', async () => {
    const userId = await makeUser(t);
    const r = await json('/admin/user/update.do', { id: userId, remark: 'a\u0000b' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ status: 2, msg: '参数错误：remark 含有无法保存的字符（如 \\u0000）', data: null });
    const en = await json('/admin/user/update.do', { id: userId, remark: 'x\u0000' }, 'en-US');
    expect(en.json().msg).toBe('Invalid argument: remark contains a character that cannot be stored (such as \\u0000)');
    const log = await lastLog('/admin/user/update.do');
    expect(log).toMatchObject({ status: 2, summary: { input: { remark: 'x\\u0000' } } });
    const [u] = rows<{ remark: string | null }>(await t.app.ctx.db.execute(sql`SELECT remark FROM users WHERE id = ${userId}`));
    expect(u!.remark ?? '').not.toContain('x');
  });

  it('refuses a NUL in a money call and in a query string, and a lone surrogate, moving no money', async () => {
    const userId = await makeUser(t);
    await credit(t, userId, '100');
    const before = await balances(t, userId);
    const r = await json('/admin/user/updateAmt.do', { userId, amt: '1', direction: 0, note: '补\u0000偿' });
    expect(r.json()).toMatchObject({ status: 2, msg: '参数错误：note 含有无法保存的字符（如 \\u0000）' });
    const s = await json('/admin/user/updateAmt.do', { userId, amt: '1', direction: 0, note: 'half \ud800 pair' });
    expect(s.json().msg).toBe('参数错误：note 含有无法保存的字符（如 \\u0000）');
    expect(await balances(t, userId)).toEqual(before);
    const q = await t.app.inject({ method: 'GET', url: '/admin/channel/list?keyword=a%00b', headers: { admintoken: token } });
    expect(q.json()).toMatchObject({ status: 2, msg: '参数错误：keyword 含有无法保存的字符（如 \\u0000）' });
  });
});

describe('one value where one value is expected', () => {
  it('refuses an array for a withdrawal state (single and batch): the withdrawal stays pending', async () => {
    const userId = await makeUser(t);
    await credit(t, userId, '1000');
    const w = await applyWithdrawal(t.app.ctx, userId, { amount: '100' });
    for (const state of [[1], ['1'], { 0: 1 }, true]) {
      const r = await json('/admin/withdraw/updateState.do', { id: w.id, state, reason: 'r' });
      expect(r.json(), JSON.stringify(state)).toEqual({ status: 2, msg: '参数错误：state 类型不正确', data: null });
    }
    const b = await json('/admin/withdraw/batch.do', { ids: [w.id], state: [1] });
    expect(b.json().msg).toBe('参数错误：state 类型不正确');
    const idArr = await json('/admin/withdraw/updateState.do', { id: [w.id], state: 1 });
    expect(idArr.json().msg).toBe('参数错误：id 类型不正确');
    const [row] = rows<{ status: number }>(await t.app.ctx.db.execute(sql`SELECT status FROM withdrawals WHERE id = ${w.id}`));
    expect(row!.status).toBe(0);
    expect((await lastLog('/admin/withdraw/updateState.do'))!.status).toBe(2);
  });

  it('refuses arrays for a deposit status and for debit directions (users and agents): no money moves', async () => {
    const userId = await makeUser(t);
    await credit(t, userId, '500');
    const before = await balances(t, userId);
    const channel = rows<{ id: number }>(
      await t.app.ctx.db.execute(sql`INSERT INTO pay_channels (type, name, display_name) VALUES ('bank', 'x', 'x') RETURNING id`),
    )[0]!.id;
    const rc = await json('/admin/recharge/create.do', { userId, amount: '888', channelId: channel, status: [1], note: 'n' });
    expect(rc.json().msg).toBe('参数错误：status 类型不正确');
    const v = await json('/admin/user/virtualUpdateAmt.do', { userId, amt: '10', direction: [1], note: 'x' });
    expect(v.json().msg).toBe('参数错误：direction 类型不正确');
    const u = await json('/admin/user/updateAmt.do', { userId, amt: '10', direction: ['1'], note: 'x' });
    expect(u.json().msg).toBe('参数错误：direction 类型不正确');
    expect(await balances(t, userId)).toEqual(before);
    const agentId = await makeAgent(t);
    const a = await json('/admin/agent/updateAgentAmt.do', { agentId, amt: '5', direction: [1], note: 'x' });
    expect(a.json().msg).toBe('参数错误：direction 类型不正确');
    const deposits = rows<{ n: number }>(
      await t.app.ctx.db.execute(sql`SELECT count(*)::int AS n FROM recharge_orders WHERE user_id = ${userId}`),
    );
    expect(deposits[0]!.n).toBe(0);
  });

  it('reads repeated form keys as an array too, and refuses them for a single value', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/admin/withdraw/updateState.do',
      headers: { admintoken: token, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'id=1&state=1&state=1&reason=r',
    });
    expect(r.json().msg).toBe('参数错误：state 类型不正确');
  });
});

describe('the field a refusal names', () => {
  it('names the field the call takes: layering delete takes id (a layeringId is not read)', async () => {
    const r = await json('/admin/channel/layering/delete', { layeringId: 'abc' });
    expect(r.json()).toEqual({ status: 2, msg: '参数错误：id 不能为空', data: null });
    const wrong = await json('/admin/channel/layering/delete', { id: 'abc' });
    expect(wrong.json().msg).toBe('参数错误：id 类型不正确');
    const empty = await json('/admin/channel/layering/delete', { id: '' });
    expect(empty.json().msg).toBe('参数错误：id 不能为空');
  });
});
