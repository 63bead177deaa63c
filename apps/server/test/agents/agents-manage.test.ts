// Agents in the console (spec §7 Agents): adding top and sub agents, validation, moving a subtree, updates,
// deletion and balance adjustments. Split from the former agents.test.ts (issue #19: files under 400 lines); what
// agent staff may see and change is in agents-scoping.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { agents } from '../../src/modules/_kit/parties.js';
import { fundRecords } from '../../src/modules/fundrecords/tables.js';
import { rows } from '../../src/db/rows.js';
import { agentChainsOfUsers, agentSubtreeIds } from '../../src/modules/agents/service.js';
import { createTestApp, post, signedIn, type TestApp } from '../helpers.js';
import { appPost, appUser, makeAgentViaApi, newPhone } from '../users/users-helpers.js';

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
    expect((await agentChainsOfUsers(t.app.ctx.db, [u.id])).get(u.id)).toEqual([a11.id, a1.id, b.id]);
    expect((await agentSubtreeIds(t.app.ctx.db, b.id)).sort((x, y) => x - y)).toEqual([b.id, a1.id, a11.id].sort((x, y) => x - y));
    // back to the top
    expect((await call('/admin/agent/update.do', { id: a1.id, parentId: 0 })).data).toMatchObject({
      parentId: null,
      level: 1,
      path: [a1.id],
    });
    expect(await agentRow(a11.id)).toMatchObject({ level: 2, path: [a1.id, a11.id] });
    // several users in one lookup: one that does not exist has no agents
    const v = await appUser(t, { inviteCode: b.inviteCode });
    expect(await agentChainsOfUsers(t.app.ctx.db, [u.id, 99_999_999, v.id, u.id])).toEqual(
      new Map([
        [u.id, [a11.id, a1.id]],
        [99_999_999, []],
        [v.id, [b.id]],
      ]),
    );
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
