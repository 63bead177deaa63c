// The console's user accounts (spec §7 Users): the list and its filters, creating and editing users, deleting,
// kick-out and batch changes, and the CSV export. Split from the former users.test.ts (issue #19: files under 400
// lines); the money and identity side (uploads, bank cards, balance adjustments, real-name review) is in
// users-money-identity.test.ts. Each file runs on its own app and database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { fundRecords } from '../../src/modules/fundrecords/tables.js';
import { users } from '../../src/modules/_kit/parties.js';
import { userSessions } from '../../src/modules/users/tables.js';
import { rows } from '../../src/db/rows.js';
import { post as ledgerPost } from '../../src/modules/fundrecords/ledger/index.js';
import { iterateUsers } from '../../src/modules/users/export.js';
import { registerUserDeleteGuard } from '../../src/modules/users/service.js';
import { registerMessages } from '../../src/app/i18n.js';
import { userFilters } from '@stock-admin/contracts';
import { createTestApp, post, signedIn, type TestApp } from '../helpers.js';
import { appPost, appUser, makeAgentViaApi, newPhone, ok, userCalls } from './users-helpers.js';

let t: TestApp;
let admin: { token: string; id: number };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, 'admin');
});
afterAll(() => t.close());

const { call, submitReal } = userCalls(
  () => t,
  () => admin.token,
);

describe('user list', () => {
  let agent: { id: number; inviteCode: string };
  let sub: { id: number; inviteCode: string };
  const made: { id: number; phone: string }[] = [];
  beforeAll(async () => {
    agent = await makeAgentViaApi(t, admin.token, { name: 'ListTop' });
    sub = await makeAgentViaApi(t, admin.token, { name: 'ListSub', parentId: agent.id });
    for (let i = 0; i < 3; i++) made.push(await appUser(t, { inviteCode: agent.inviteCode, phone: `1470000000${i}` }));
    made.push(await appUser(t, { inviteCode: sub.inviteCode, phone: '14700000100' }));
    await submitReal(
      (await appPost(t, '/app/user/login.do', { phone: made[0]!.phone, password: 'user-pass-1' }, { ip: '10.30.0.1' })).json().data.token,
      '欧阳锋',
    );
    await ledgerPost(t.app.ctx.db, made[1]!.id, [{ type: 'recharge', amount: '500' }]);
    await ledgerPost(t.app.ctx.db, made[2]!.id, [{ type: 'recharge', amount: '90' }]);
    await call('/admin/user/update.do', { id: made[2]!.id, tradeLocked: true });
  });

  it('pages and filters by phone prefix, agent (and sub-agents), real name, real-name state, locks', async () => {
    const byPhone = (await call('/admin/user/list.do', { phone: '1470000000', pageSize: 2 })).data;
    expect(byPhone).toMatchObject({ total: 3, pageNum: 1, pageSize: 2 });
    expect(byPhone.list).toHaveLength(2);
    expect(byPhone.list[0]).toMatchObject({ phone: '14700000002', agentId: agent.id, agentName: 'ListTop', accountType: 0 });
    const page2 = (await call('/admin/user/list.do', { phone: '1470000000', pageSize: 2, pageNum: 2 })).data;
    expect(page2.list.map((u: { phone: string }) => u.phone)).toEqual(['14700000000']);
    expect((await call('/admin/user/list.do', { agentId: agent.id })).data.total).toBe(3);
    expect((await call('/admin/user/list.do', { agentId: agent.id, includeSubAgents: 'true' })).data.total).toBe(4);
    expect((await call('/admin/user/list.do', { realName: '欧阳' })).data.list.map((u: { id: number }) => u.id)).toEqual([made[0]!.id]);
    expect((await call('/admin/user/list.do', { agentId: agent.id, realState: 1 })).data.total).toBe(1);
    expect((await call('/admin/user/list.do', { agentId: agent.id, tradeLocked: true })).data.list[0].id).toBe(made[2]!.id);
    expect((await call('/admin/user/list.do', { agentId: agent.id, loginLocked: '1' })).data.total).toBe(0);
    expect((await call('/admin/user/list.do', { agentId: agent.id, accountType: 1 })).data.total).toBe(0);
    // form bodies: empty strings mean "not given"
    const form = (
      await post(t, '/admin/user/list.do', { agentId: agent.id, realState: '', accountType: '', regBeginTime: '' }, { token: admin.token })
    ).json();
    expect(form.data.total).toBe(3);
  });

  it('matches a phone prefix exactly, at the edge of a digit and whatever its length', async () => {
    // 7 digits or more read a range of the phone index (users_phone_range), shorter or other prefixes a LIKE
    for (const phone of ['14799999990', '14799999999', '14800000000']) await appUser(t, { phone });
    const phones = async (phone: string) =>
      (await call('/admin/user/list.do', { phone, pageSize: 50 })).data.list.map((u: { phone: string }) => u.phone);
    for (const prefix of ['1479999999', '14799999', '147999', '14799999999'.slice(0, 7)])
      expect({ prefix, phones: await phones(prefix) }).toEqual({ prefix, phones: ['14799999999', '14799999990'] });
    expect(await phones('14799999999')).toEqual(['14799999999']);
    expect(await phones('148000')).toEqual(['14800000000']);
    expect(await phones('1480000000')).toEqual(['14800000000']);
    expect(await phones('14799999_9')).toEqual([]);
    expect((await call('/admin/user/list.do', { phone: '1479999999', pageSize: 1 })).data.total).toBe(2);
  });

  it('filters by registration time (ISO or local dates) and sorts by balances', async () => {
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    expect((await call('/admin/user/list.do', { agentId: agent.id, regBeginTime: today, regEndTime: today })).data.total).toBe(3);
    expect((await call('/admin/user/list.do', { agentId: agent.id, regEndTime: '2001-01-01T00:00:00Z' })).data.total).toBe(0);
    const sorted = (await call('/admin/user/list.do', { agentId: agent.id, sortField: 'enableAmt', sortOrder: 'descend' })).data.list;
    expect(sorted.map((u: { enableAmt: string }) => u.enableAmt)).toEqual(['500.00', '90.00', '0.00']);
    const asc = (await call('/admin/user/list.do', { agentId: agent.id, sortField: 'enableAmt', sortOrder: 'asc' })).data.list;
    expect(asc[0].enableAmt).toBe('0.00');
  });

  it('validates filters with status 2 naming the field', async () => {
    expect(await call('/admin/user/list.do', { sortField: 'password' })).toMatchObject({
      status: 2,
      msg: expect.stringContaining('sortField'),
    });
    expect(await call('/admin/user/list.do', { realState: 7 })).toMatchObject({ status: 2, msg: '参数错误：realState 取值不在允许范围内' });
    expect(await call('/admin/user/list.do', { regBeginTime: 'yesterday' })).toMatchObject({
      status: 2,
      msg: '参数错误：regBeginTime 时间格式不正确',
    });
    expect(await call('/admin/user/list.do', { pageSize: 5000 })).toMatchObject({ status: 2, msg: expect.stringContaining('pageSize') });
  });

  it('needs the userlist query permission', async () => {
    const r = await post(t, '/admin/user/list.do', {}, { token: (await signedIn(t, 'risk')).token });
    expect(r.statusCode).toBe(200);
    const noPerm = await signedIn(t, 'finance');
    const d = await post(t, '/admin/user/delete.do', { id: made[3]!.id }, { token: noPerm.token });
    expect(d.statusCode).toBe(403);
    expect((await post(t, '/admin/user/list.do', {})).json().status).toBe(10);
  });

  it('shows the detail with the agent chain, banks and the full ID number', async () => {
    await ok(
      t,
      '/admin/user/addBank.do',
      { userId: made[0]!.id, bankName: '农业银行', cardNo: '6228480000000001', holderName: '欧阳锋' },
      admin.token,
    );
    const d = (await call('/admin/user/detail.do', { id: made[3]!.id })).data;
    expect(d.agentPath).toEqual([
      { id: agent.id, name: 'ListTop' },
      { id: sub.id, name: 'ListSub' },
    ]);
    const d0 = (await call('/admin/user/detail.do', { id: made[0]!.id })).data;
    expect(d0).toMatchObject({
      realState: 1,
      realName: '欧阳锋',
      idNumber: '110105194912310021',
      idFrontUrl: expect.stringMatching(/^\/admin\/user\/file\/[0-9a-f]{32}\.png$/),
    });
    expect(d0.banks).toEqual([
      expect.objectContaining({ bankName: '农业银行', cardNo: '6228480000000001', cardNoMasked: '**** **** **** 0001' }),
    ]);
    // the list shows the masked ID number only
    const item = (await call('/admin/user/list.do', { phone: made[0]!.phone })).data.list[0];
    expect(item.idNumber).toBe('110***********0021');
    expect(await call('/admin/user/detail.do', { id: 99_999_999 })).toEqual({ status: 2, msg: '参数错误：id 用户不存在', data: null });
  });
});

describe('creating and editing users', () => {
  it('creates a simulated account with an opening balance through the ledger', async () => {
    const phone = newPhone();
    const r = await call('/admin/user/addSimulatedAccount.do', { phone, password: 'sim-pass', amount: '100000.50', nickName: 'Demo' });
    expect(r).toMatchObject({ status: 0, msg: '添加成功' });
    const u = (await call('/admin/user/detail.do', { id: r.data.id })).data;
    expect(u).toMatchObject({ phone, accountType: 1, userAmt: '100000.50', enableAmt: '100000.50', frozenAmt: '0.00' });
    const recs = await t.app.ctx.db.select().from(fundRecords).where(eq(fundRecords.userId, r.data.id));
    expect(recs).toEqual([expect.objectContaining({ type: 'opening_balance', amount: '100000.50', adminId: admin.id })]);
    // the account can sign in to the app
    expect((await appPost(t, '/app/user/login.do', { phone, password: 'sim-pass' }, { ip: '10.31.0.1' })).json().status).toBe(0);
  });

  it('creates a real account, and refuses duplicates, bad phones and bad amounts', async () => {
    const phone = newPhone();
    expect((await call('/admin/user/addSimulatedAccount.do', { phone, password: 'real-pass', accountType: 0 })).status).toBe(0);
    expect(await call('/admin/user/addSimulatedAccount.do', { phone, password: 'real-pass' })).toEqual({
      status: 1,
      msg: '该手机号已注册',
      data: null,
    });
    expect(await call('/admin/user/addSimulatedAccount.do', { phone: '1380013800', password: 'real-pass' })).toEqual({
      status: 2,
      msg: '参数错误：phone 手机号格式不正确',
      data: null,
    });
    expect((await call('/admin/user/addSimulatedAccount.do', { phone: newPhone(), password: 'x-pass-1', amount: '-1' })).msg).toBe(
      '参数错误：amount 金额格式不正确（最多两位小数）',
    );
    expect((await call('/admin/user/addSimulatedAccount.do', { phone: newPhone(), password: 'x-pass-1', agentId: 999999 })).msg).toBe(
      '参数错误：agentId 代理不存在',
    );
  });

  it('updates profile fields, tier and agent, and writes before/after to the operation log', async () => {
    const u = await appUser(t);
    const agent = await makeAgentViaApi(t, admin.token);
    const [tier] = rows<{ id: number }>(
      await t.app.ctx.db.execute(sql`INSERT INTO layering_tiers (layering_name) VALUES (${`T${u.id}`}) RETURNING id`),
    );
    const r = await call('/admin/user/update.do', {
      id: u.id,
      nickName: 'New nick',
      realName: '孙悟空',
      idNumber: '11010519491231002X',
      agentId: agent.id,
      layeringId: tier!.id,
      remark: 'vip',
    });
    expect(r).toMatchObject({
      status: 0,
      msg: '更新成功',
      data: {
        nickName: 'New nick',
        realName: '孙悟空',
        idNumber: '110***********002X',
        agentId: agent.id,
        layeringId: tier!.id,
        layeringPinned: true,
        remark: 'vip',
      },
    });
    const log = rows<{ summary: { before: Record<string, unknown>; after: Record<string, unknown> }; target_id: string }>(
      await t.app.ctx.db.execute(
        sql`SELECT summary, target_id FROM operation_log WHERE action = '/admin/user/update.do' ORDER BY id DESC LIMIT 1`,
      ),
    )[0]!;
    expect(log.target_id).toBe(String(u.id));
    expect(log.summary.before).toMatchObject({ nickName: '', agentId: null });
    expect(log.summary.after).toMatchObject({ nickName: 'New nick', agentId: agent.id });
    expect(JSON.stringify(log.summary)).not.toContain('11010519491231002X');
    expect((await call('/admin/user/update.do', { id: u.id, layeringId: 987654 })).msg).toBe('参数错误：layeringId 分层不存在');
    expect((await call('/admin/user/update.do', { id: u.id, layeringId: 0 })).data).toMatchObject({
      layeringId: null,
      layeringPinned: false,
    });
    expect((await call('/admin/user/update.do', { id: u.id, agentId: 0 })).data.agentId).toBeNull();
    expect((await call('/admin/user/update.do', { id: 99_999_999, nickName: 'x' })).msg).toBe('参数错误：id 用户不存在');
  });

  it('changes the phone only to a free one', async () => {
    const a = await appUser(t);
    const b = await appUser(t);
    expect((await call('/admin/user/update.do', { id: a.id, phone: b.phone })).msg).toBe('该手机号已注册');
    const p = newPhone();
    expect((await call('/admin/user/update.do', { id: a.id, phone: p })).data.phone).toBe(p);
  });

  it('resets the password and ends the app sessions; a login lock does too', async () => {
    const u = await appUser(t);
    expect((await call('/admin/user/update.do', { id: u.id, password: 'reset-pass-1' })).status).toBe(0);
    expect((await appPost(t, '/app/user/info.do', {}, { usertoken: u.usertoken })).json().status).toBe(10);
    const again = (await appPost(t, '/app/user/login.do', { phone: u.phone, password: 'reset-pass-1' }, { ip: '10.32.0.1' })).json();
    expect(again.status).toBe(0);
    const log = JSON.stringify(rows(await t.app.ctx.db.execute(sql`SELECT summary FROM operation_log WHERE target_id = ${String(u.id)}`)));
    expect(log).not.toContain('reset-pass-1');
    expect((await call('/admin/user/update.do', { id: u.id, loginLocked: 'true' })).data.loginLocked).toBe(true);
    expect((await appPost(t, '/app/user/info.do', {}, { usertoken: again.data.token })).json().status).toBe(10);
    const [row] = await t.app.ctx.db.select({ online: users.online }).from(users).where(eq(users.id, u.id));
    expect(row!.online).toBe(false);
  });
});

describe('delete, kick-out and batch changes', () => {
  it('refuses to delete a user holding money or open business; otherwise soft-deletes and keeps records', async () => {
    const u = await appUser(t);
    await call('/admin/user/updateAmt.do', { userId: u.id, amt: '10', direction: 0, note: 'x' });
    expect(await call('/admin/user/delete.do', { id: u.id })).toEqual({
      status: 1,
      msg: '该用户还有资金（权益 10.00，可用 10.00，冻结 0.00），不能删除',
      data: null,
    });
    await call('/admin/user/updateAmt.do', { userId: u.id, amt: '10', direction: 1, note: 'x' });
    let open = true;
    registerMessages({ 'reason.test_open_business': { 'zh-CN': '测试业务', 'en-US': 'test business' } });
    registerUserDeleteGuard('reason.test_open_business', async (_tx, id) => open && id === u.id);
    expect((await call('/admin/user/delete.do', { id: u.id })).msg).toBe('该用户还有未完结的业务（测试业务），不能删除');
    open = false;
    expect(await call('/admin/user/delete.do', { id: u.id })).toEqual({ status: 0, msg: '删除成功', data: null });
    expect((await call('/admin/user/detail.do', { id: u.id })).status).toBe(2);
    expect((await call('/admin/user/list.do', { phone: u.phone })).data.total).toBe(0);
    expect((await appPost(t, '/app/user/info.do', {}, { usertoken: u.usertoken })).json().status).toBe(10);
    const recs = await t.app.ctx.db.select().from(fundRecords).where(eq(fundRecords.userId, u.id));
    expect(recs).toHaveLength(2);
    expect((await call('/admin/cash/list.do', { userId: u.id })).data.total).toBe(2);
    // the phone can register again
    expect((await appPost(t, '/app/user/register.do', { phone: u.phone, password: 'again-pass' })).json().status).toBe(0);
    expect((await call('/admin/user/delete.do', { id: u.id })).msg).toBe('参数错误：id 用户不存在');
  });

  it('kicks a user out of every app session', async () => {
    const u = await appUser(t);
    await appPost(t, '/app/user/login.do', { phone: u.phone, password: u.password }, { ip: '10.33.0.1' });
    const r = await call('/admin/user/kickOut.do', { id: u.id });
    expect(r).toEqual({ status: 0, msg: '已踢下线', data: { sessions: 2 } });
    expect((await appPost(t, '/app/user/info.do', {}, { usertoken: u.usertoken })).json().status).toBe(10);
    const live = await t.app.ctx.db.select().from(userSessions).where(eq(userSessions.userId, u.id));
    expect(live.every((s) => s.revokeReason === 'kickout')).toBe(true);
  });

  it('changes many users at once, or none when one id is unknown', async () => {
    const a = await appUser(t);
    const b = await appUser(t);
    const agent = await makeAgentViaApi(t, admin.token);
    const bad = await call('/admin/user/updateList.do', { ids: `${a.id},${b.id},99999999`, loginLocked: true });
    expect(bad).toEqual({ status: 2, msg: '参数错误：ids 中以下用户不存在：99999999', data: null });
    expect((await call('/admin/user/detail.do', { id: a.id })).data.loginLocked).toBe(false);
    const r = await call('/admin/user/updateList.do', { ids: [a.id, b.id], loginLocked: true, agentId: agent.id });
    expect(r).toMatchObject({ status: 0, data: { updated: 2 } });
    for (const u of [a, b]) {
      expect((await call('/admin/user/detail.do', { id: u.id })).data).toMatchObject({ loginLocked: true, agentId: agent.id });
      expect((await appPost(t, '/app/user/info.do', {}, { usertoken: u.usertoken })).json().status).toBe(10);
    }
    expect((await call('/admin/user/updateList.do', { ids: [a.id] })).msg).toBe('参数错误：ids 没有要修改的内容');
    expect((await call('/admin/user/updateList.do', { ids: '', loginLocked: false })).status).toBe(2);
    expect((await call('/admin/user/updateList.do', { ids: [a.id, b.id], loginLocked: false })).data.updated).toBe(2);
  });
});

describe('export', () => {
  it('streams the filtered list as CSV with a BOM, headers in the caller’s language and defused formulas', async () => {
    const agent = await makeAgentViaApi(t, admin.token, { name: '=HYPERLINK("x")' });
    const u1 = await appUser(t, { inviteCode: agent.inviteCode });
    await appUser(t, { inviteCode: agent.inviteCode });
    await call('/admin/user/update.do', { id: u1.id, nickName: '@SUM(A1)', realName: '张,"三"' });
    const r = await post(t, '/admin/user/export.do', { agentId: agent.id }, { token: admin.token });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(r.headers['content-disposition']).toMatch(/attachment; filename="users-\d{8}\.csv"/);
    const text = r.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF用户ID,手机号,昵称,真实姓名')).toBe(true);
    const lines = text.trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toContain(`${u1.id},${u1.phone},'@SUM(A1),"张,""三""",真实账户,"'=HYPERLINK(""x"")",0.00`);
    const en = await post(t, '/admin/user/export.do', { agentId: agent.id }, { token: admin.token, lang: 'en-US' });
    expect(en.rawPayload.toString('utf8').split('\r\n')[0]).toBe(
      '\uFEFFUser ID,Phone,Nickname,Real name,Account type,Agent,Equity,Free cash,Held,Real-name state,Login locked,Trading locked,Tier,Registered,Registration IP',
    );
    const log = rows<{ msg: string; module: string }>(
      await t.app.ctx.db.execute(
        sql`SELECT msg, module FROM operation_log WHERE action = '/admin/user/export.do' ORDER BY id DESC LIMIT 1`,
      ),
    );
    expect(log[0]).toEqual({ msg: 'exported 2 rows', module: 'users' });
  });

  it('pages through the export with a keyset on (registration time, id), ties included', async () => {
    const agent = await makeAgentViaApi(t, admin.token);
    const made = [];
    for (let i = 0; i < 5; i++) made.push((await appUser(t, { inviteCode: agent.inviteCode })).id);
    // two share one registration time
    await t.app.ctx.db.execute(sql`UPDATE users SET reg_time = (SELECT reg_time FROM users WHERE id = ${made[1]!}) WHERE id = ${made[2]!}`);
    const seen: number[] = [];
    const p = { agentId: null, roleCode: 'admin', isSuper: true } as never;
    for await (const batch of iterateUsers(t.app.ctx.db, p, userFilters.parse({ agentId: agent.id }), 2))
      seen.push(...batch.map((u) => u.id));
    expect([...seen].sort()).toEqual([...made].sort());
  });

  it('needs the export permission and validates filters first', async () => {
    const support = await signedIn(t, 'support');
    expect((await post(t, '/admin/user/export.do', {}, { token: support.token })).statusCode).toBe(403);
    const bad = await post(t, '/admin/user/export.do', { realState: 9 }, { token: admin.token });
    expect(bad.json()).toMatchObject({ status: 2 });
  });
});
