import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { agents, fundRecords } from '../src/db/schema/index.js';
import { rows } from '../src/db/migrate.js';
import { agentChainOfUser, agentSubtreeIds } from '../src/modules/agents/service.js';
import { userScope } from '../src/modules/agents/scope.js';
import { post as ledgerPost } from '../src/ledger/index.js';
import { createTestApp, get, post, signedIn, type TestApp } from './helpers.js';
import { appPost, appUser, expectLedgerBalanced, makeAgentViaApi, newPhone, ok, postMultipart, tinyPng } from './users-helpers.js';

let t: TestApp;
let admin: { token: string; id: number };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, 'admin');
});
afterAll(() => t.close());

const call = (url: string, body: Record<string, unknown>, token = admin.token) =>
  post(t, url, body, { token, json: true }).then((r) => r.json());
const agentRow = async (id: number) => (await t.app.ctx.db.select().from(agents).where(eq(agents.id, id)))[0]!;

describe('agents', () => {
  it('adds top and sub agents with a generated invite code, level and path', async () => {
    const top = await call('/admin/agent/add.do', {
      name: '华东总代',
      realName: '张总',
      phone: newPhone(),
      password: 'agent-pass',
      feeRate: '0.5',
      deferralRate: 0.4,
      profitRate: '0.3',
    });
    expect(top).toMatchObject({
      status: 0,
      msg: '添加成功',
      data: {
        level: 1,
        parentId: null,
        feeRate: '0.500000',
        deferralRate: '0.400000',
        profitRate: '0.300000',
        balance: '0.00',
        userCount: 0,
        childCount: 0,
      },
    });
    expect(top.data.inviteCode).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
    expect(top.data.path).toEqual([top.data.id]);
    const sub = (
      await call('/admin/agent/add.do', {
        name: '上海代理',
        phone: newPhone(),
        password: 'agent-pass',
        parentId: top.data.id,
        feeRate: '0.2',
      })
    ).data;
    expect(sub).toMatchObject({ level: 2, parentId: top.data.id, parentName: '华东总代', path: [top.data.id, sub.id] });
    const row = await agentRow(sub.id);
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(sub)).not.toContain('argon2');
    const list = (await call('/admin/agent/list.do', { parentId: top.data.id })).data;
    expect(list.list.map((a: { id: number }) => a.id)).toEqual([sub.id]);
    const again = (await call('/admin/agent/list.do', { name: '华东' })).data.list[0];
    expect(again.childCount).toBe(1);
  });

  it('validates phone, rates, parent and duplicates', async () => {
    const top = await makeAgentViaApi(t, admin.token, { feeRate: '0.3' });
    expect(await call('/admin/agent/add.do', { name: 'x', phone: '123', password: 'agent-pass' })).toEqual({
      status: 2,
      msg: '参数错误：phone 手机号格式不正确',
      data: null,
    });
    expect((await call('/admin/agent/add.do', { name: 'x', phone: newPhone(), password: 'agent-pass', feeRate: '1.5' })).msg).toBe(
      '参数错误：feeRate 应为 0 到 1 之间的比例（最多六位小数）',
    );
    expect((await call('/admin/agent/add.do', { name: 'x', phone: newPhone(), password: 'agent-pass', feeRate: '-0.1' })).status).toBe(2);
    expect((await call('/admin/agent/add.do', { name: 'x', phone: newPhone(), password: 'agent-pass', parentId: 999999 })).msg).toBe(
      '参数错误：parentId 代理不存在',
    );
    expect(
      (await call('/admin/agent/add.do', { name: 'x', phone: newPhone(), password: 'agent-pass', parentId: top.id, feeRate: '0.31' })).msg,
    ).toBe('feeRate 不能高于上级代理（0.300000）');
    const phone = newPhone();
    await makeAgentViaApi(t, admin.token, { phone });
    expect((await call('/admin/agent/add.do', { name: 'x', phone, password: 'agent-pass' })).msg).toBe('该手机号已被其他代理使用');
    expect((await call('/admin/agent/add.do', { phone: newPhone(), password: 'agent-pass' })).msg).toBe('参数错误：name 不能为空');
  });

  it('moves an agent with its whole subtree and refuses cycles', async () => {
    const a = await makeAgentViaApi(t, admin.token);
    const b = await makeAgentViaApi(t, admin.token);
    const a1 = await makeAgentViaApi(t, admin.token, { parentId: a.id });
    const a11 = await makeAgentViaApi(t, admin.token, { parentId: a1.id });
    expect((await call('/admin/agent/update.do', { id: a.id, parentId: a11.id })).msg).toBe('不能把代理移动到它自己或它的下级之下');
    expect((await call('/admin/agent/update.do', { id: a.id, parentId: a.id })).msg).toBe('不能把代理移动到它自己或它的下级之下');
    const moved = await call('/admin/agent/update.do', { id: a1.id, parentId: b.id });
    expect(moved.data).toMatchObject({ parentId: b.id, level: 2, path: [b.id, a1.id] });
    expect(await agentRow(a11.id)).toMatchObject({ level: 3, path: [b.id, a1.id, a11.id] });
    const u = await appUser(t, { inviteCode: a11.inviteCode });
    expect(await agentChainOfUser(t.app.ctx.db, u.id)).toEqual([a11.id, a1.id, b.id]);
    expect((await agentSubtreeIds(t.app.ctx.db, b.id)).sort((x, y) => x - y)).toEqual([b.id, a1.id, a11.id].sort((x, y) => x - y));
    // back to the top
    expect((await call('/admin/agent/update.do', { id: a1.id, parentId: 0 })).data).toMatchObject({
      parentId: null,
      level: 1,
      path: [a1.id],
    });
    expect(await agentRow(a11.id)).toMatchObject({ level: 2, path: [a1.id, a11.id] });
    expect(await agentChainOfUser(t.app.ctx.db, 99_999_999)).toEqual([]);
  });

  it('updates profile, rates (not above the parent, not below a child), lock and password', async () => {
    const p = await makeAgentViaApi(t, admin.token, { profitRate: '0.5' });
    const c = await makeAgentViaApi(t, admin.token, { parentId: p.id, profitRate: '0.4' });
    expect((await call('/admin/agent/update.do', { id: c.id, profitRate: '0.6' })).msg).toBe('profitRate 不能高于上级代理（0.500000）');
    expect((await call('/admin/agent/update.do', { id: p.id, profitRate: '0.3' })).msg).toBe('profitRate 不能低于下级代理（0.400000）');
    const r = await call('/admin/agent/update.do', {
      id: c.id,
      name: '改名',
      profitRate: '0.45',
      locked: true,
      password: 'new-agent-pass',
      remark: 'r',
    });
    expect(r).toMatchObject({ status: 0, msg: '更新成功', data: { name: '改名', profitRate: '0.450000', locked: true, remark: 'r' } });
    const log = rows<{ summary: { before: Record<string, unknown>; after: Record<string, unknown> } }>(
      await t.app.ctx.db.execute(
        sql`SELECT summary FROM operation_log WHERE action = '/admin/agent/update.do' AND target_id = ${String(c.id)} AND result = 'ok'`,
      ),
    )[0]!;
    expect(log.summary.after).toMatchObject({ name: '改名', locked: true, pwdReset: true });
    expect(JSON.stringify(log.summary)).not.toContain('new-agent-pass');
    expect((await call('/admin/agent/update.do', { id: 999999, name: 'x' })).msg).toBe('参数错误：id 代理不存在');
  });

  it('deletes an agent only without users, sub-agents or balance', async () => {
    const a = await makeAgentViaApi(t, admin.token);
    const child = await makeAgentViaApi(t, admin.token, { parentId: a.id });
    expect((await call('/admin/agent/delAgent.do', { id: a.id })).msg).toBe('该代理下还有 1 个下级代理，不能删除');
    const u = await appUser(t, { inviteCode: child.inviteCode });
    expect((await call('/admin/agent/delAgent.do', { id: child.id })).msg).toBe('该代理下还有 1 个用户，不能删除');
    await call('/admin/user/update.do', { id: u.id, agentId: 0 });
    await call('/admin/agent/updateAgentAmt.do', { agentId: child.id, amt: '5', direction: 0, note: 'x' });
    expect((await call('/admin/agent/delAgent.do', { id: child.id })).msg).toBe('该代理余额不为零（5.00），不能删除');
    await call('/admin/agent/updateAgentAmt.do', { agentId: child.id, amt: '5', direction: 1, note: 'x' });
    expect(await call('/admin/agent/delAgent.do', { id: child.id })).toEqual({ status: 0, msg: '删除成功', data: null });
    expect((await call('/admin/agent/list.do', { parentId: a.id })).data.total).toBe(0);
    expect((await call('/admin/agent/delAgent.do', { id: child.id })).status).toBe(2);
    expect((await call('/admin/agent/delAgent.do', { id: a.id })).status).toBe(0);
    // its invite code no longer registers users
    expect(
      (await appPost(t, '/app/user/register.do', { phone: newPhone(), password: 'pass-123', inviteCode: child.inviteCode })).json().msg,
    ).toBe('邀请码无效');
  });

  it('credits and debits an agent balance through the ledger', async () => {
    const a = await makeAgentViaApi(t, admin.token);
    const r = await call('/admin/agent/updateAgentAmt.do', { agentId: a.id, amt: '88.80', direction: 0, note: '佣金结算' });
    expect(r).toMatchObject({ status: 0, data: { agentId: a.id, balance: '88.80' } });
    expect((await call('/admin/agent/updateAgentAmt.do', { agentId: a.id, amt: '100', direction: 1, note: 'x' })).msg).toBe('余额不足');
    expect((await call('/admin/agent/updateAgentAmt.do', { agentId: a.id, amt: '1.001', direction: 1, note: 'x' })).status).toBe(2);
    expect((await call('/admin/agent/updateAgentAmt.do', { agentId: 999999, amt: '1', direction: 1, note: 'x' })).msg).toBe(
      '参数错误：agentId 代理不存在',
    );
    const recs = await t.app.ctx.db.select().from(fundRecords).where(eq(fundRecords.agentId, a.id));
    expect(recs).toEqual([
      expect.objectContaining({ type: 'agent_credit', amount: '88.80', enableAmtAfter: '88.80', adminId: admin.id, note: '佣金结算' }),
    ]);
    expect((await call('/admin/agent/list.do', { phone: (await agentRow(a.id)).phone })).data.list[0].balance).toBe('88.80');
  });
});

describe('agent staff scoping', () => {
  // Tree: A ─ A1 ─ A11, and B. The staff account is bound to A1.
  let A: { id: number; inviteCode: string };
  let A1: { id: number; inviteCode: string };
  let A11: { id: number; inviteCode: string };
  let B: { id: number; inviteCode: string };
  let staff: { token: string; id: number };
  // an account of a broader role bound to the same agent: the scope follows the binding, not the role
  let staffAdmin: { token: string; id: number };
  let uA: { id: number; phone: string; usertoken: string };
  let uA1: { id: number; phone: string; usertoken: string };
  let uA11: { id: number; phone: string; usertoken: string };
  let uB: { id: number; phone: string; usertoken: string };
  let uNone: { id: number; phone: string; usertoken: string };
  let bankB: number;
  let imageB: string;
  const png = () => ({ filename: 'a.png', contentType: 'image/png', data: tinyPng() });
  const s = (url: string, body: Record<string, unknown>) => call(url, body, staff.token);

  beforeAll(async () => {
    A = await makeAgentViaApi(t, admin.token, { name: 'A', feeRate: '0.5' });
    A1 = await makeAgentViaApi(t, admin.token, { name: 'A1', parentId: A.id, feeRate: '0.4' });
    A11 = await makeAgentViaApi(t, admin.token, { name: 'A11', parentId: A1.id });
    B = await makeAgentViaApi(t, admin.token, { name: 'B' });
    staff = await signedIn(t, 'agent', { agentId: A1.id });
    staffAdmin = await signedIn(t, 'admin', { agentId: A1.id });
    uA = await appUser(t, { inviteCode: A.inviteCode });
    uA1 = await appUser(t, { inviteCode: A1.inviteCode });
    uA11 = await appUser(t, { inviteCode: A11.inviteCode });
    uB = await appUser(t, { inviteCode: B.inviteCode });
    uNone = await appUser(t);
    for (const u of [uA, uA1, uA11, uB, uNone]) {
      await ledgerPost(t.app.ctx.db, u.id, [{ type: 'recharge', amount: '100', reference: `R${u.id}` }]);
      await postMultipart(
        t,
        '/app/user/realName.do',
        { realName: '某某', idNumber: '110105194912310021', idFront: png(), idBack: png() },
        { usertoken: u.usertoken },
      );
    }
    bankB = (
      await ok(t, '/admin/user/addBank.do', { userId: uB.id, bankName: 'B行', cardNo: '6222000000000009', holderName: 'b' }, admin.token)
    ).id;
    imageB = (await call('/admin/user/detail.do', { id: uB.id })).data.idFrontUrl;
    await call('/admin/agent/updateAgentAmt.do', { agentId: B.id, amt: '10', direction: 0, note: 'b' });
    await call('/admin/agent/updateAgentAmt.do', { agentId: A11.id, amt: '10', direction: 0, note: 'a11' });
  });

  it('lists only the users of the subtree, whatever the filter', async () => {
    const all = (await s('/admin/user/list.do', { pageSize: 100 })).data;
    expect(all.list.map((u: { id: number }) => u.id).sort()).toEqual([uA1.id, uA11.id].sort());
    expect(all.total).toBe(2);
    expect((await s('/admin/user/list.do', { agentId: B.id })).data.total).toBe(0);
    expect((await s('/admin/user/list.do', { agentId: A.id, includeSubAgents: true })).data.total).toBe(2);
    expect((await s('/admin/user/list.do', { phone: uB.phone })).data.total).toBe(0);
    expect((await s('/admin/user/list.do', { phone: uNone.phone })).data.total).toBe(0);
    expect((await s('/admin/user/list.do', { realState: 1 })).data.total).toBe(2);
    const csv = (await post(t, '/admin/user/export.do', {}, { token: staff.token })).rawPayload.toString('utf8');
    expect(csv).toContain(uA11.phone);
    expect(csv).not.toContain(uB.phone);
    expect(csv).not.toContain(uA.phone);
  });

  it('cannot read or change a user outside the subtree by any endpoint', async () => {
    const notFound = { status: 2, msg: expect.stringMatching(/用户不存在/) };
    for (const outsider of [uA, uB, uNone]) {
      expect(await s('/admin/user/detail.do', { id: outsider.id })).toMatchObject(notFound);
      expect(await s('/admin/user/update.do', { id: outsider.id, nickName: 'hacked' })).toMatchObject(notFound);
      expect(await s('/admin/user/getBank.do', { userId: outsider.id })).toMatchObject(notFound);
      expect(
        await s('/admin/user/addBank.do', { userId: outsider.id, bankName: 'x', cardNo: '6222000000000001', holderName: 'x' }),
      ).toMatchObject(notFound);
      expect(await s('/admin/user/updateAmt.do', { userId: outsider.id, amt: '1', direction: 1, note: 'x' })).toMatchObject(notFound);
      expect(await s('/admin/user/virtualUpdateAmt.do', { userId: outsider.id, amt: '1', direction: 0, note: 'x' })).toMatchObject(
        notFound,
      );
      expect(await s('/admin/user/authByAdmin.do', { id: outsider.id, state: 2 })).toMatchObject(notFound);
      expect(await call('/admin/user/delete.do', { id: outsider.id }, staffAdmin.token)).toMatchObject(notFound);
      expect(await call('/admin/user/update.do', { id: outsider.id, nickName: 'x' }, staffAdmin.token)).toMatchObject(notFound);
      expect(await s('/admin/user/kickOut.do', { id: outsider.id })).toMatchObject(notFound);
      expect(
        (await postMultipart(t, '/admin/user/localUpload.do', { file: png(), userId: outsider.id }, { token: staff.token })).json(),
      ).toMatchObject(notFound);
    }
    expect((await s('/admin/user/updateList.do', { ids: [uA1.id, uB.id], tradeLocked: true })).msg).toBe(
      `参数错误：ids 中以下用户不存在：${uB.id}`,
    );
    expect((await s('/admin/user/updateBank.do', { id: bankB, branch: 'x' })).msg).toBe('银行卡不存在');
    expect((await s('/admin/user/delBank.do', { id: bankB })).msg).toBe('银行卡不存在');
    expect((await t.app.inject({ method: 'GET', url: imageB, headers: { admintoken: staff.token } })).statusCode).toBe(404);
    expect((await postMultipart(t, '/admin/user/localUpload.do', { file: png() }, { token: staff.token })).json().msg).toBe(
      '请指定图片所属的用户',
    );
    // nothing changed
    const b = (await call('/admin/user/detail.do', { id: uB.id })).data;
    expect(b).toMatchObject({ nickName: '', realState: 1, tradeLocked: false, enableAmt: '100.00' });
    expect(b.banks).toHaveLength(1);
    // out-of-scope users are reported exactly like missing ones
    expect(await s('/admin/user/detail.do', { id: uB.id })).toEqual(await s('/admin/user/detail.do', { id: 99_999_999 }));
  });

  it('works on users inside the subtree, but cannot move them out of it nor touch real money', async () => {
    expect((await s('/admin/user/update.do', { id: uA11.id, nickName: 'ok' })).data.nickName).toBe('ok');
    expect((await s('/admin/user/authByAdmin.do', { id: uA11.id, state: 2 })).status).toBe(0);
    expect((await s('/admin/user/update.do', { id: uA11.id, agentId: A1.id })).data.agentId).toBe(A1.id);
    expect((await s('/admin/user/update.do', { id: uA11.id, agentId: B.id })).msg).toBe('参数错误：agentId 代理不存在');
    expect((await s('/admin/user/update.do', { id: uA11.id, agentId: 0 })).msg).toBe('代理账号不能把用户移出自己的代理线');
    expect((await s('/admin/user/updateList.do', { ids: [uA11.id], agentId: A.id })).msg).toBe('参数错误：agentId 代理不存在');
    expect((await s('/admin/user/updateAmt.do', { userId: uA11.id, amt: '1', direction: 0, note: 'x' })).msg).toBe('代理账号不能调整资金');
    const sim = await s('/admin/user/addSimulatedAccount.do', { phone: newPhone(), password: 'sim-pass', amount: '500' });
    expect(sim.status).toBe(0);
    expect((await call('/admin/user/detail.do', { id: sim.data.id })).data).toMatchObject({
      agentId: A1.id,
      accountType: 1,
      enableAmt: '500.00',
    });
    expect((await s('/admin/user/virtualUpdateAmt.do', { userId: sim.data.id, amt: '1', direction: 1, note: 'x' })).data.enableAmt).toBe(
      '499.00',
    );
    expect(
      (await s('/admin/user/addSimulatedAccount.do', { phone: newPhone(), password: 'real-pass', accountType: 0, amount: '5' })).msg,
    ).toBe('代理账号不能调整资金');
    expect((await s('/admin/user/addSimulatedAccount.do', { phone: newPhone(), password: 'sim-pass', agentId: B.id })).msg).toBe(
      '参数错误：agentId 代理不存在',
    );
  });

  it('sees only the subtree’s agents and cannot change agents outside it or its own', async () => {
    const list = (await s('/admin/agent/list.do', { pageSize: 100 })).data;
    expect(list.list.map((a: { id: number }) => a.id)).toEqual([A1.id, A11.id]);
    expect((await s('/admin/agent/list.do', { parentId: 0 })).data.list.map((a: { id: number }) => a.id)).toEqual([A1.id]);
    expect((await s('/admin/agent/list.do', { name: 'B' })).data.total).toBe(0);
    expect((await s('/admin/agent/list.do', { parentId: A.id })).data.list.map((a: { id: number }) => a.id)).toEqual([A1.id]);
    expect((await s('/admin/agent/list.do', { parentId: B.id })).data.total).toBe(0);
    expect((await call('/admin/agent/delAgent.do', { id: B.id }, staffAdmin.token)).msg).toBe('参数错误：id 代理不存在');
    expect((await s('/admin/agent/update.do', { id: B.id, name: 'x' })).msg).toBe('参数错误：id 代理不存在');
    expect((await s('/admin/agent/update.do', { id: A.id, name: 'x' })).msg).toBe('参数错误：id 代理不存在');
    expect((await s('/admin/agent/update.do', { id: A1.id, feeRate: '0.5' })).msg).toBe('不能修改或删除自己所属的代理');
    expect((await post(t, '/admin/agent/delAgent.do', { id: B.id }, { token: staff.token })).statusCode).toBe(403);
    expect((await s('/admin/agent/update.do', { id: A11.id, parentId: B.id })).msg).toBe('参数错误：parentId 代理不存在');
    expect((await s('/admin/agent/update.do', { id: A11.id, parentId: 0 })).msg).toBe('只有平台管理员可以设置顶级代理');
    expect((await s('/admin/agent/updateAgentAmt.do', { agentId: A11.id, amt: '1', direction: 0, note: 'x' })).msg).toBe(
      '代理账号不能调整资金',
    );
    // a sub-agent lands under the staff's agent by default, and not above its rates
    const sub = await s('/admin/agent/add.do', { name: 'A12', phone: newPhone(), password: 'agent-pass' });
    expect(sub.data).toMatchObject({ parentId: A1.id, level: 3 });
    expect((await s('/admin/agent/add.do', { name: 'x', phone: newPhone(), password: 'agent-pass', parentId: B.id })).msg).toBe(
      '参数错误：parentId 代理不存在',
    );
    expect((await s('/admin/agent/add.do', { name: 'x', phone: newPhone(), password: 'agent-pass', feeRate: '0.41' })).msg).toBe(
      'feeRate 不能高于上级代理（0.400000）',
    );
    expect((await s('/admin/agent/update.do', { id: sub.data.id, remark: 'mine' })).data.remark).toBe('mine');
    expect((await call('/admin/agent/delAgent.do', { id: sub.data.id }, staffAdmin.token)).status).toBe(0);
  });

  it('sees only the subtree’s fund records and counts', async () => {
    const recs = (await s('/admin/cash/list.do', { owner: 'all', pageSize: 100 })).data;
    const owners = new Set(recs.list.map((r: { userId: number | null; agentId: number | null }) => r.userId ?? `agent${r.agentId}`));
    expect(owners.has(uB.id)).toBe(false);
    expect(owners.has(uA.id)).toBe(false);
    expect(owners.has(uNone.id)).toBe(false);
    expect(owners.has(`agent${B.id}`)).toBe(false);
    expect(owners.has(uA1.id)).toBe(true);
    expect(owners.has(`agent${A11.id}`)).toBe(true);
    expect((await s('/admin/cash/list.do', { userId: uB.id })).data.total).toBe(0);
    expect((await s('/admin/cash/list.do', { phone: uB.phone })).data.totals).toEqual({
      count: 0,
      amountIn: '0.00',
      amountOut: '0.00',
      net: '0.00',
    });
    expect((await s('/admin/cash/list.do', { agentId: B.id, owner: 'all' })).data.total).toBe(0);
    expect((await s('/admin/cash/list.do', { reference: `R${uB.id}` })).data.total).toBe(0);
    const csv = (await post(t, '/admin/cash/export.do', { owner: 'all' }, { token: staffAdmin.token })).rawPayload.toString('utf8');
    expect((await post(t, '/admin/cash/export.do', {}, { token: staff.token })).statusCode).toBe(403);
    expect(csv).not.toContain(uB.phone);
    expect(csv).toContain(uA1.phone);
    const counts = (await get(t, '/admin/system/count.do', {}, { token: staff.token })).json().data;
    expect(counts['21']).toBe(1); // uA1 pending (uA11 approved above)
    expect(counts.idVerify).toBe(1);
  });

  it('follows the agent tree at once when an agent moves in or out of the subtree', async () => {
    const userIds = async (body: Record<string, unknown>, token = staff.token) =>
      ((await call('/admin/user/list.do', { pageSize: 100, ...body }, token)).data.list as { id: number }[]).map((u) => u.id).sort();
    const recordOwners = async () =>
      new Set(((await s('/admin/cash/list.do', { owner: 'all', pageSize: 100 })).data.list as { userId: number | null }[]).map((r) => r.userId));
    // (earlier tests moved uA11 itself under A1: a user of A11's own)
    const uX = await appUser(t, { inviteCode: A11.inviteCode });
    await ledgerPost(t.app.ctx.db, uX.id, [{ type: 'recharge', amount: '5' }]);
    // remembered subtrees: A1's for the staff, B's for an admin filtering on B and its sub-agents
    const before = await userIds({});
    expect(before).toContain(uX.id);
    expect((await recordOwners()).has(uX.id)).toBe(true);
    const inB = await userIds({ agentId: B.id, includeSubAgents: true }, admin.token);
    expect(inB).toContain(uB.id);
    expect(inB).not.toContain(uX.id);

    // (the user and fund lists share the remembered subtrees: each is asked first once)
    await ok(t, '/admin/agent/update.do', { id: A11.id, parentId: B.id }, admin.token);
    expect((await recordOwners()).has(uX.id)).toBe(false);
    expect(await userIds({})).toEqual(before.filter((id) => id !== uX.id));
    expect((await s('/admin/user/list.do', {})).data.total).toBe(before.length - 1);
    expect(await userIds({ agentId: B.id, includeSubAgents: true }, admin.token)).toEqual([...inB, uX.id].sort());

    // a new sub-agent and its user are visible to the staff with the next call
    const A12 = await makeAgentViaApi(t, admin.token, { name: 'A12', parentId: A1.id });
    const uA12 = await appUser(t, { inviteCode: A12.inviteCode });
    expect(await userIds({})).toEqual([...before.filter((id) => id !== uX.id), uA12.id].sort());

    // back as it was for the tests below
    await ok(t, '/admin/user/update.do', { id: uA12.id, agentId: A1.id }, admin.token);
    await ok(t, '/admin/user/delete.do', { id: uA12.id }, admin.token);
    await ok(t, '/admin/agent/delAgent.do', { id: A12.id }, admin.token);
    await ok(t, '/admin/agent/update.do', { id: A11.id, parentId: A1.id }, admin.token);
    expect(await userIds({})).toEqual(before);
    expect((await recordOwners()).has(uX.id)).toBe(true);
  });

  it('an agent-role account bound to no agent sees nothing', async () => {
    const lost = await signedIn(t, 'agent');
    expect((await call('/admin/user/list.do', {}, lost.token)).data.total).toBe(0);
    expect((await call('/admin/agent/list.do', {}, lost.token)).data.total).toBe(0);
    expect((await call('/admin/cash/list.do', { owner: 'all' }, lost.token)).data.total).toBe(0);
    expect((await call('/admin/user/detail.do', { id: uA1.id }, lost.token)).status).toBe(2);
    expect(userScope({ agentId: null, roleCode: 'admin', isSuper: false })).toBeUndefined();
  });

  it('keeps the ledger balanced', async () => {
    await expectLedgerBalanced(t);
  });
});
