// Agent staff scoping: an account bound to an agent sees and changes only that agent's subtree (users, agents,
// fund records, counts), following the tree as it moves. Split from the former agents.test.ts (issue #19: files
// under 400 lines); managing the agents themselves is in agents-manage.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userScope } from '../../src/modules/_kit/scope.js';
import { post as ledgerPost } from '../../src/modules/fundrecords/ledger/index.js';
import { createTestApp, get, post, signedIn, type TestApp } from '../helpers.js';
import { appUser, expectLedgerBalanced, makeAgentViaApi, newPhone, ok, postMultipart, tinyPng } from '../users/users-helpers.js';

let t: TestApp;
let admin: { token: string; id: number };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, 'admin');
});
afterAll(() => t.close());

const call = (url: string, body: Record<string, unknown>, token = admin.token) =>
  post(t, url, body, { token, json: true }).then((r) => r.json());

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
      new Set(
        ((await s('/admin/cash/list.do', { owner: 'all', pageSize: 100 })).data.list as { userId: number | null }[]).map((r) => r.userId),
      );
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
