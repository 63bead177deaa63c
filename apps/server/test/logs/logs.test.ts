import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../src/db/rows.js';
import { sendSms } from '../../src/modules/logs/sms.js';
import { sendPush } from '../../src/modules/logs/push.js';
import { createTestApp, makeAdmin, post, signedIn, type TestApp } from '../helpers.js';
import { makeRole, multipart, oplogRows, superUser, withRole } from '../admins/admins-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const count = async (table: string) =>
  rows<{ n: number }>(await t.app.ctx.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`)))[0]!.n;

describe('login log (登录日志)', () => {
  it('lists sign-ins with admin, IP, client and result, filtered', async () => {
    const s = await signedIn(t, 'finance');
    const a = await makeAdmin(t);
    await post(t, '/api/adminUser/login.do', { username: a.username, password: 'wrong' }, { ip: '10.90.0.7' });
    const r = (await post(t, '/admin/log/loginList.do', { username: a.username }, { token: s.token })).json();
    expect(r.data.total).toBe(1);
    expect(r.data.list[0]).toMatchObject({ adminId: a.id, username: a.username, ip: '10.90.0.7', result: 'bad_password' });
    expect((await post(t, '/admin/log/loginList.do', { adminId: a.id, result: 'ok' }, { token: s.token })).json().data.total).toBe(0);
    const later = (
      await post(t, '/admin/log/loginList.do', { beginTime: new Date(Date.now() + 60_000).toISOString() }, { token: s.token })
    ).json();
    expect(later.data.total).toBe(0);
  });

  it('exports the filtered log as CSV (export permission)', async () => {
    const s = await signedIn(t, 'admin');
    const a = await makeAdmin(t);
    await post(t, '/api/adminUser/login.do', { username: a.username, password: 'wrong' }, { ip: '10.90.0.8' });
    await post(t, '/api/adminUser/login.do', { username: a.username, password: '=HYPERLINK("x")' }, { ip: '10.90.0.8' });
    const r = await post(t, '/admin/log/loginExport.do', { username: a.username }, { token: s.token });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(r.headers['content-disposition']).toMatch(
      /^attachment; filename="login-log-\d{8}\.csv"; filename\*=UTF-8''login-log-\d{8}\.csv$/,
    );
    const body = r.body;
    expect(body.charCodeAt(0)).toBe(0xfeff);
    const lines = body.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('id,createdAt,username,adminId,ip,userAgent,result');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`,${a.username},${a.id},10.90.0.8,`);
    const [log] = rows<{ module: string; msg: string; admin_id: number }>(
      await t.app.ctx.db.execute(
        sql`SELECT module, msg, admin_id FROM operation_log WHERE action = '/admin/log/loginExport.do' ORDER BY id DESC LIMIT 1`,
      ),
    );
    expect(log).toEqual({ module: 'logs', msg: 'exported 2 rows', admin_id: s.id });
    // query-only: export refused
    const reader = await signedIn(t, 'finance');
    const refused = await post(t, '/admin/log/loginExport.do', {}, { token: reader.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toBe('无权限：缺少 loginlog 的 export 权限');
  });
});

describe('operation log (操作日志, super-user only)', () => {
  it('refuses every non-super admin, whatever the role, request shape or encoding', async () => {
    const admin = await signedIn(t, 'admin');
    const superRole = await signedIn(t, 'super');
    const everything = await withRole(t, await makeRole(t, { managelist: ['query'], loginlog: ['query', 'export', 'delete'] }));
    for (const s of [admin, superRole, everything]) {
      for (const url of ['/admin/log/operationList.do', '/admin/log/operationExport.do', '/admin/log/delete.do']) {
        for (const json of [false, true]) {
          const r = await post(t, url, { kind: 'operation', before: new Date().toISOString(), pageSize: 1000 }, { token: s.token, json });
          expect(r.statusCode, url).toBe(403);
          expect(r.json().msg).toBe('无权限：仅超级管理员可操作');
        }
        const m = await multipart(t, url, { kind: 'login', ids: '1' }, {}, { token: s.token });
        expect(m.statusCode).toBe(403);
      }
    }
  });

  it('shows who did what to which target, before/after, IP and time; filters by admin, module, time', async () => {
    const su = await superUser(t);
    const a = await signedIn(t, 'admin');
    const v = await makeAdmin(t);
    await post(t, '/admin/system/updateChat', { id: v.id, chatEnabled: true }, { token: a.token, ip: '10.90.1.1' });
    const r = (await post(t, '/admin/log/operationList.do', { adminId: a.id, module: 'admins' }, { token: su.token })).json();
    expect(r.data.list[0]).toMatchObject({
      adminId: a.id,
      adminName: a.username,
      module: 'admins',
      action: '/admin/system/updateChat',
      // the endpoint behind the path, for the console to name it (系统设置 · 客服 …) without every endpoint table
      operation: { key: 'updateChat', permission: 'managelist', action: 'edit' },
      targetId: String(v.id),
      result: 'ok',
      ip: '10.90.1.1',
      summary: { before: { chatEnabled: false }, after: { chatEnabled: true } },
    });
    expect(
      (await post(t, '/admin/log/operationList.do', { adminName: a.username, module: 'roles' }, { token: su.token })).json().data.total,
    ).toBe(0);
    expect(
      (await post(t, '/admin/log/operationList.do', { action: 'updateChat', result: 'ok' }, { token: su.token })).json().data.total,
    ).toBeGreaterThan(0);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await post(t, '/admin/log/operationList.do', { beginTime: future }, { token: su.token })).json().data.total).toBe(0);
    const csv = await post(t, '/admin/log/operationExport.do', { adminId: a.id }, { token: su.token });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body).toContain('/admin/system/updateChat');
    expect(csv.body.split('\r\n')[0]).toBe('\uFEFFid,createdAt,adminName,adminId,module,action,targetId,result,msg,ip,summary');
  });
});

describe('SMS and push logs', () => {
  it('lists every SMS sent through the provider (smslog), filtered and exported', async () => {
    await sendSms(t.app.ctx, { phone: '13511112222', kind: 'notice', content: 'hello, "world"' });
    await sendSms(t.app.ctx, { phone: '13511113333', kind: 'test', content: 'second' });
    const s = await signedIn(t, 'admin');
    const r = (await post(t, '/admin/log/smsList.do', { phone: '1351111' }, { token: s.token })).json();
    expect(r.data.total).toBe(2);
    expect(r.data.list[0]).toMatchObject({
      phone: '13511113333',
      kind: 'test',
      content: 'second',
      provider: 'log',
      result: 'sent',
      error: null,
    });
    expect(r.data.list[0].providerRef).toBeUndefined();
    expect(
      (await post(t, '/admin/log/smsList.do', { kind: 'notice' }, { token: s.token }))
        .json()
        .data.list.map((x: { phone: string }) => x.phone),
    ).toEqual(['13511112222']);
    const csv = await post(t, '/admin/log/smsExport.do', { phone: '13511112222' }, { token: s.token });
    expect(csv.body).toContain('"hello, ""world"""');
    const none = await signedIn(t, 'finance');
    expect((await post(t, '/admin/log/smsList.do', {}, { token: none.token })).statusCode).toBe(403);
  });

  it('lists pushes (push log) with the device token masked', async () => {
    await sendPush(t.app.ctx, { platform: 'ios', target: 'a'.repeat(64), title: 'T', body: 'B' });
    const s = await signedIn(t, 'admin');
    const r = (await post(t, '/admin/log/pushList.do', { platform: 'ios' }, { token: s.token })).json();
    expect(r.data.list[0]).toMatchObject({
      platform: 'ios',
      target: 'aaaaaa…aaaaaa',
      title: 'T',
      body: 'B',
      provider: 'log',
      result: 'sent',
    });
  });
});

describe('append-only logs: deletion is super-only and itself logged', () => {
  it('deletes rows by id or by time; the deletion gets its own operation-log row', async () => {
    const su = await superUser(t);
    await sendSms(t.app.ctx, { phone: '13600000001', kind: 'notice', content: 'to delete' });
    const [sms] = rows<{ id: number }>(await t.app.ctx.db.execute(sql`SELECT id FROM sms_log WHERE phone = '13600000001'`));
    const byId = (await post(t, '/admin/log/delete.do', { kind: 'sms', ids: String(sms!.id) }, { token: su.token })).json();
    expect(byId).toMatchObject({ status: 0, msg: '已删除 1 条日志', data: { deleted: 1 } });
    const logins = await count('login_log');
    expect(logins).toBeGreaterThan(0);
    const all = (
      await post(t, '/admin/log/delete.do', { kind: 'login', before: new Date(Date.now() + 1000).toISOString() }, { token: su.token })
    ).json();
    expect(all.data.deleted).toBe(logins);
    expect(await count('login_log')).toBe(0);
    // deleting the operation log leaves the row of that deletion
    await post(t, '/admin/log/delete.do', { kind: 'operation', before: new Date(Date.now() + 1000).toISOString() }, { token: su.token });
    const left = rows<{
      action: string;
      module: string;
      admin_id: number;
      summary: { input: { kind: string }; after: { deleted: number } };
    }>(await t.app.ctx.db.execute(sql`SELECT * FROM operation_log`));
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({
      action: '/admin/log/delete.do',
      module: 'logs',
      admin_id: su.id,
      summary: { input: { kind: 'operation' } },
    });
    expect(left[0]!.summary.after.deleted).toBeGreaterThan(0);
    // a criterion is required
    const none = (await post(t, '/admin/log/delete.do', { kind: 'sms' }, { token: su.token })).json();
    expect(none).toMatchObject({ status: 2, msg: '参数错误：ids 请指定要删除的记录或时间' });
    expect((await oplogRows(t, '/admin/log/delete.do')).length).toBe(2);
  });

  it('has no endpoint that edits a log row', () => {
    const routes = t.app.printRoutes({ commonPrefix: false });
    expect(routes).not.toMatch(/log\/\w*(update|edit)\w*/i);
  });
});
