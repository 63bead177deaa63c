import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../src/db/rows.js';
import { appPost, appToken, captureEvents, makeAgent, makeUser } from '../funds/funds.helpers.js';
import { createTestApp, get, post, signedIn, type TestApp } from '../helpers.js';
import { postMultipart, tinyPng } from '../users/users-helpers.js';

// Contracts (issue 24): templates with versions, assignment in scope, signing with the user's data escaped,
// review exactly once, badge 22 and its live notice.
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({});
  admin = (await signedIn(t, 'admin')).token;
});
afterAll(() => t.close());

const P = '/admin/contract-template';
const call = (path: string, body: Record<string, unknown>, token = admin, lang?: string) =>
  post(t, path, body, { token, json: true, lang }).then((r) => ({ http: r.statusCode, ...r.json() }));
const query = (path: string, q: Record<string, unknown>, token = admin, lang?: string) =>
  get(t, path, q, { token, lang }).then((r) => ({ http: r.statusCode, ...r.json() }));
const app = (path: string, body: Record<string, unknown>, token: string) =>
  appPost(t, path, body, token, { json: true }).then((r) => r.json());
const sign = (id: number, token: string, data = tinyPng(), type = 'image/png') =>
  postMultipart(t, '/app/contract/sign.do', { id, signature: { filename: 'sig.png', contentType: type, data } }, { usertoken: token }).then(
    (r) => r.json(),
  );

async function template(body = '<p>甲方：{{realName}}，证件 {{idCard}}，手机 {{phone}}</p>', extra: Record<string, unknown> = {}) {
  const r = await call(`${P}/add`, { name: `开户协议-${Math.random().toString(36).slice(2, 7)}`, kind: 'account', body, ...extra });
  expect(r.status).toBe(0);
  return r.data as { id: number; version: number; kind: string };
}
async function pushedTo(templateId: number, userIds: number[]) {
  const r = await call('/admin/contractPush/push/user', { templateId, audience: { kind: 'users', userIds } });
  expect(r.status).toBe(0);
  const list = (await query(`${P}/query/userList`, { templateId, pageSize: 100 })).data.list as {
    id: number;
    userId: number;
    status: string;
  }[];
  return userIds.map((u) => list.find((x) => x.userId === u)!);
}
const messagesOf = async (userId: number) =>
  rows<{ title: string; content: string }>(
    await t.app.ctx.db.execute(sql`
      SELECT coalesce(r.title, m.title) AS title, coalesce(r.content, m.content) AS content FROM station_message_recipients r
      JOIN station_messages m ON m.id = r.message_id WHERE r.user_id = ${userId} ORDER BY m.id`),
  );

describe('rendering and signing', () => {
  it("fills the user's data escaped: markup in a name stays text", async () => {
    const userId = await makeUser(t);
    await t.app.ctx.db.execute(
      sql`UPDATE users SET real_name = '<img src=x onerror=alert(1)>"&', id_number_masked = '110101********1234' WHERE id = ${userId}`,
    );
    const tpl = await template();
    const [c] = await pushedTo(tpl.id, [userId]);
    const token = await appToken(t, userId);
    const d = await app('/app/contract/detail.do', { id: c!.id }, token);
    expect(d.status).toBe(0);
    expect(d.data.body).toContain('&lt;img src=x onerror=alert(1)&gt;&quot;&amp;');
    expect(d.data.body).not.toContain('<img');
    expect(d.data.body).toContain('110101********1234');
    // the push told the user
    expect((await messagesOf(userId)).map((m) => m.title)).toContain('合同待签署');
  });

  it('signs once with hash, IP and signature; IS_CONTRACT raises badge 22; the text survives a template edit', async () => {
    const userId = await makeUser(t);
    const tpl = await template('<p>乙方 {{realName}} 同意第一版条款</p>');
    const [c] = await pushedTo(tpl.id, [userId]);
    const token = await appToken(t, userId);
    const events = captureEvents(t);
    const before = (await query('/admin/system/count.do', {})).data['22'] ?? 0;
    const s = await sign(c!.id, token);
    expect(s.status).toBe(0);
    expect(s.data.status).toBe('signed');
    expect(events.find((e) => e.type === 'IS_CONTRACT')).toMatchObject({ userId, data: { id: c!.id } });
    expect((await query('/admin/system/count.do', {})).data['22']).toBe(before + 1);
    // signing twice is refused
    expect((await sign(c!.id, token)).status).not.toBe(0);

    const edit = await call(`${P}/update`, {
      id: tpl.id,
      name: '开户协议 v2',
      kind: 'account',
      body: '<p>第二版条款 {{realName}}</p>',
      version: 1,
    });
    expect(edit.status).toBe(0);
    expect(edit.data.version).toBe(2);
    const detail = (await query(`${P}/query/sign/detail`, { id: c!.id })).data;
    expect(detail.body).toContain('同意第一版条款');
    expect(detail.body).not.toContain('第二版');
    expect(detail.version).toBe(1);
    expect(detail.hashOk).toBe(true);
    expect(detail.signIp).toBeTruthy();
    expect(detail.signatureUrl).toMatch(/^\/.+\.png$/);
    // a save from an editor that loaded version 1 is refused, naming who saved
    const stale = await call(`${P}/update`, { id: tpl.id, name: 'x', kind: 'account', body: '<p>x</p>', version: 1 });
    expect(stale.status).toBe(1);
    expect(stale.msg).toMatch(/版本 2/);
    // a tampered stored text no longer matches its hash
    await t.app.ctx.db.execute(sql`UPDATE user_agreements SET body = body || ' ' WHERE id = ${c!.id}`);
    expect((await query(`${P}/query/sign/detail`, { id: c!.id })).data.hashOk).toBe(false);
  });

  it('edits in place while nobody signed the version', async () => {
    const tpl = await template('<p>草稿</p>');
    const r = await call(`${P}/update`, {
      id: tpl.id,
      name: '改名',
      kind: 'account',
      body: '<p>草稿二<script>x()</script></p>',
      version: 1,
    });
    expect(r.data).toMatchObject({ version: 1, name: '改名' });
    expect(r.data.body).toBe('<p>草稿二</p>');
  });

  it('refuses signatures that are not images or too large, and contracts not pushed to the user', async () => {
    const userId = await makeUser(t);
    const tpl = await template();
    const [c] = await pushedTo(tpl.id, [userId]);
    const token = await appToken(t, userId);
    expect((await sign(c!.id, token, Buffer.from('<svg onload=alert(1)></svg>'), 'image/png')).status).not.toBe(0);
    expect((await sign(c!.id, token, Buffer.concat([tinyPng(), Buffer.alloc(600 * 1024)]))).msg).toMatch(/512 KB/);
    const other = await appToken(t, await makeUser(t));
    expect((await sign(c!.id, other)).status).not.toBe(0);
    // an assignment not pushed is invisible to its user
    const quiet = await makeUser(t);
    await call('/admin/contractPush/add/user/relation', { templateId: tpl.id, audience: { kind: 'users', userIds: [quiet] } });
    expect((await app('/app/contract/list.do', {}, await appToken(t, quiet))).data.total).toBe(0);
    expect((await query(`${P}/query/userList`, { templateId: tpl.id, userId: quiet })).data.list[0].status).toBe('assigned');
  });
});

describe('review', () => {
  it('approves exactly once under concurrency and tells the user', async () => {
    const userId = await makeUser(t);
    const tpl = await template();
    const [c] = await pushedTo(tpl.id, [userId]);
    await sign(c!.id, await appToken(t, userId));
    const events = captureEvents(t);
    const results = await Promise.all([
      call(`${P}/updateRecordStatus`, { id: c!.id, status: 'approved' }),
      call(`${P}/updateRecordStatus`, { id: c!.id, status: 'rejected', reason: '签名不清' }),
      call(`${P}/updateRecordStatus`, { id: c!.id, status: 'approved' }),
    ]);
    expect(results.filter((r) => r.status === 0)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 0)) expect(r.msg).toMatch(/^合同不在待审核状态（当前：已(通过|驳回)）$/);
    expect(events.filter((e) => e.type === 'CONTRACT_REVIEWED')).toHaveLength(1);
    const titles = (await messagesOf(userId)).map((m) => m.title);
    expect(titles.filter((x) => x.startsWith('合同审核'))).toHaveLength(1);
  });

  it('needs a reason to reject; a rejected contract can be signed again', async () => {
    const userId = await makeUser(t);
    const tpl = await template();
    const [c] = await pushedTo(tpl.id, [userId]);
    const token = await appToken(t, userId);
    await sign(c!.id, token);
    const noReason = await call(`${P}/updateRecordStatus`, { id: c!.id, status: 'rejected' }, admin, 'en-US');
    expect(noReason.status).toBe(2);
    expect(noReason.msg).toMatch(/reason/);
    expect((await call(`${P}/updateRecordStatus`, { id: c!.id, status: 'rejected', reason: '签名不清' })).data.rejectReason).toBe(
      '签名不清',
    );
    const mine = (await app('/app/contract/list.do', {}, token)).data.list[0];
    expect(mine).toMatchObject({ status: 'rejected', rejectReason: '签名不清' });
    expect((await sign(c!.id, token)).data.status).toBe('signed');
    expect((await call(`${P}/updateRecordStatus`, { id: c!.id, status: 'approved' })).data.status).toBe('approved');
    expect((await sign(c!.id, token)).status).not.toBe(0);
  });
});

describe('assignment scope and templates', () => {
  it('keeps agent staff to their subtree', async () => {
    const agentId = await makeAgent(t);
    const staff = (await signedIn(t, 'agent', { agentId })).token;
    const mine = await makeUser(t, { agentId });
    const outside = await makeUser(t);
    const tpl = await template();
    const refused = await call(
      '/admin/contractPush/add/user/relation',
      { templateId: tpl.id, audience: { kind: 'users', userIds: [mine, outside] } },
      staff,
    );
    expect(refused.status).toBe(2);
    expect(refused.msg).toMatch(/audience\.userIds/);
    const otherAgent = await makeAgent(t);
    expect(
      (await call('/admin/contractPush/push/user', { templateId: tpl.id, audience: { kind: 'agent', agentId: otherAgent } }, staff)).status,
    ).toBe(2);
    // "everyone" for agent staff is their subtree
    const all = await call('/admin/contractPush/add/user/relation', { templateId: tpl.id, audience: { kind: 'all' }, push: true }, staff);
    expect(all.data).toMatchObject({ added: 1, pushed: 1 });
    const seen = (await query(`${P}/query/userList`, { templateId: tpl.id }, staff)).data.list.map((x: { userId: number }) => x.userId);
    expect(seen).toEqual([mine]);
    // review is not the agent role's (edit)
    expect((await call(`${P}/updateRecordStatus`, { id: 1, status: 'approved' }, staff)).http).toBe(403);
  });

  it('assigns to a tier; removes only unsigned assignments', async () => {
    const [tier] = rows<{ id: number }>(
      await t.app.ctx.db.execute(sql`INSERT INTO layering_tiers (layering_name) VALUES ('合同测试层') RETURNING id`),
    );
    const a = await makeUser(t, { layeringId: tier!.id });
    const b = await makeUser(t, { layeringId: tier!.id });
    const tpl = await template();
    const r = await call('/admin/contractPush/add/user/relation', { templateId: tpl.id, audience: { kind: 'tier', tierId: tier!.id } });
    expect(r.data).toMatchObject({ added: 2, existing: 0, pushed: 0 });
    expect(
      (await call('/admin/contractPush/add/user/relation', { templateId: tpl.id, audience: { kind: 'tier', tierId: tier!.id } })).data,
    ).toMatchObject({ added: 0, existing: 2 });
    const list = (await query(`${P}/query/userList`, { templateId: tpl.id })).data.list as { id: number; userId: number }[];
    const ca = list.find((x) => x.userId === a)!;
    const cb = list.find((x) => x.userId === b)!;
    expect((await call('/admin/contractPush/push/user', { ids: [ca.id] })).data.pushed).toBe(1);
    await sign(ca.id, await appToken(t, a));
    expect((await query('/admin/contractPush/delete', { id: ca.id })).msg).toBe('合同已签署，不能删除');
    expect((await query('/admin/contractPush/delete', { id: cb.id })).status).toBe(0);
    expect(
      (await call('/admin/contractPush/add/user/relation', { templateId: tpl.id, audience: { kind: 'tier', tierId: 999999 } })).status,
    ).toBe(2);
  });

  it('keeps one default per kind, never a disabled one; deleting keeps signed contracts', async () => {
    const a = await template('<p>a</p>', { kind: 'risk', isDefault: true });
    const b = await template('<p>b</p>', { kind: 'risk' });
    expect((await call(`${P}/updateTemplateDef`, { id: b.id })).data.isDefault).toBe(true);
    const risk = (await query(`${P}/query/list`, { kind: 'risk', pageSize: 100 })).data.list as { id: number; isDefault: boolean }[];
    expect(risk.filter((x) => x.isDefault).map((x) => x.id)).toEqual([b.id]);
    expect((await call(`${P}/updateTemplateStatus`, { id: b.id, enabled: false })).data).toMatchObject({
      enabled: false,
      isDefault: false,
    });
    expect((await call(`${P}/updateTemplateDef`, { id: b.id })).msg).toBe('停用的模版不能设为默认');
    expect((await call('/admin/contractPush/add/user/relation', { templateId: b.id, audience: { kind: 'all' } })).msg).toBe(
      '模版已停用，不能分配',
    );

    const signer = await makeUser(t);
    const waiting = await makeUser(t);
    const [c, w] = await pushedTo(a.id, [signer, waiting]);
    await sign(c!.id, await appToken(t, signer));
    const del = await query(`${P}/delete`, { id: a.id });
    expect(del.data.removedAssignments).toBe(1);
    expect((await query(`${P}/query/sign/detail`, { id: c!.id })).data.body).toBe('<p>a</p>');
    expect((await query(`${P}/query/sign/detail`, { id: w!.id })).status).not.toBe(0);
  });

  it('uploads template images sniffed: HTML and SVG refused', async () => {
    const up = (data: Buffer, type: string) =>
      postMultipart(t, `${P}/imageUpload`, { file: { filename: 'seal.png', contentType: type, data } }, { token: admin }).then((r) =>
        r.json(),
      );
    expect((await up(tinyPng(), 'image/png')).data.url).toMatch(/^\/site\/img\/[0-9a-f]{32}\.png$/);
    expect(
      (await up(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/svg+xml')).status,
    ).not.toBe(0);
    expect((await up(Buffer.from('<html><script>alert(1)</script></html>'), 'image/png')).status).not.toBe(0);
    const big = await up(Buffer.concat([tinyPng(), Buffer.alloc(5 * 1024 * 1024)]), 'image/png');
    expect(big.status).not.toBe(0);
    expect(big.msg).toMatch(/过大/);
  });
});
