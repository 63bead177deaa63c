import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../src/db/rows.js';
import { createTestApp, post, signedIn, type TestApp } from '../helpers.js';
import { makeRole, oplogRows, superUser, withRole } from '../admins/admins-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (url: string, body: Record<string, unknown>, token: string, extra: { json?: boolean; lang?: string } = {}) =>
  post(t, `/admin/role/${url}`, body, { token, json: true, ...extra });
const roleIdOf = async (code: string) =>
  rows<{ id: number }>(await t.app.ctx.db.execute(sql`SELECT id FROM admin_roles WHERE code = ${code}`))[0]!.id;

describe('role editor', () => {
  it("shows the built-in roles' own name and description in the reader's language until an operator edits them", async () => {
    const su = await superUser(t);
    const finance = (lang: string) =>
      call('list.do', { pageSize: 50 }, su.token, { lang })
        .then((r) => r.json().data.list as { code: string; name: string; describe: string }[])
        .then((l) => l.find((x) => x.code === 'finance')!);
    expect(await finance('zh-CN')).toMatchObject({ name: '财务', describe: '财务' });
    expect(await finance('en-US')).toMatchObject({ name: 'Finance', describe: 'Finance' });
    const id = await roleIdOf('finance');
    expect((await call('update.do', { id, describe: '负责出入金审核' }, su.token)).json().status).toBe(0);
    expect(await finance('en-US')).toMatchObject({ name: 'Finance', describe: '负责出入金审核' });
  });

  it('lists the permission keys and actions, the super-user powers not grantable', async () => {
    const su = await superUser(t);
    const r = (await call('permissions.do', {}, su.token)).json();
    expect(r.data.actions.map((a: { action: string }) => a.action)).toEqual([
      'add',
      'delete',
      'edit',
      'query',
      'get',
      'enable',
      'disable',
      'import',
      'export',
    ]);
    const keys = r.data.permissions;
    expect(keys.find((k: { key: string }) => k.key === 'managelist')).toEqual({ key: 'managelist', name: '管理列表', grantable: true });
    expect(keys.find((k: { key: string }) => k.key === 'operationlog').grantable).toBe(false);
    const en = (await call('permissions.do', {}, su.token, { lang: 'en-US' })).json();
    expect(en.data.actions[0]).toEqual({ action: 'add', describe: 'Add' });
  });

  it('lists the built-in roles with their permission entries (spec §3 shape)', async () => {
    const su = await superUser(t);
    const r = (await call('list.do', { pageSize: 100 }, su.token)).json();
    const codes = r.data.list.map((x: { code: string }) => x.code);
    expect(codes).toEqual(expect.arrayContaining(['super', 'admin', 'finance', 'risk', 'support', 'agent']));
    const finance = r.data.list.find((x: { code: string }) => x.code === 'finance');
    expect(finance).toMatchObject({ builtin: true, name: '财务' });
    const w = finance.permissions.find((p: { permissionId: string }) => p.permissionId === 'withdrawallist');
    expect(w).toMatchObject({ roleId: finance.id, permissionName: '提现列表', actions: expect.arrayContaining(['query', 'edit']) });
    expect(w.actionEntitySet[0]).toEqual({ action: w.actions[0], describe: expect.any(String), defaultCheck: false });
  });

  it('creates a role from JSON or a form field, merges duplicates and refuses a taken name', async () => {
    const su = await superUser(t);
    const r = (
      await call(
        'add.do',
        {
          name: '审核员',
          describe: 'reviews',
          permissions: [
            { permissionId: 'userlist', actions: ['query', 'get'] },
            { permissionId: 'userlist', actions: 'edit' },
          ],
        },
        su.token,
      )
    ).json();
    expect(r.status).toBe(0);
    expect(r.data).toMatchObject({ name: '审核员', describe: 'reviews', builtin: false, adminCount: 0 });
    expect(r.data.permissions).toEqual([expect.objectContaining({ permissionId: 'userlist', actions: ['edit', 'query', 'get'] })]);
    const form = (
      await post(
        t,
        '/admin/role/add.do',
        { name: '表单角色', permissions: JSON.stringify([{ permissionId: 'loginlog', actions: ['query'] }]) },
        { token: su.token },
      )
    ).json();
    expect(form.data.permissions[0]).toMatchObject({ permissionId: 'loginlog', actions: ['query'] });
    expect((await call('add.do', { name: '审核员' }, su.token)).json()).toMatchObject({ status: 1, msg: '角色名称已存在' });
    expect((await call('add.do', { name: 'x', permissions: [{ permissionId: 'nope', actions: ['query'] }] }, su.token)).json().status).toBe(
      2,
    );
    expect(
      (await call('add.do', { name: 'y', permissions: [{ permissionId: 'userlist', actions: ['fly'] }] }, su.token)).json().status,
    ).toBe(2);
    expect((await post(t, '/admin/role/add.do', { name: 'z', permissions: '{oops' }, { token: su.token })).json().msg).toBe(
      '参数错误：permissions 不是有效的 JSON',
    );
  });

  it('never grants the super-user powers', async () => {
    const su = await superUser(t);
    const r = (await call('add.do', { name: 'spy', permissions: [{ permissionId: 'operationlog', actions: ['query'] }] }, su.token)).json();
    expect(r).toMatchObject({ status: 1, msg: '“operationlog” 是超级管理员专属权限，不能授予角色' });
    // a built-in role that already lists it keeps it on a round trip
    const superRole = await roleIdOf('super');
    const list = (await call('list.do', { pageSize: 100 }, su.token)).json().data.list;
    const entries = list
      .find((x: { id: number }) => x.id === superRole)
      .permissions.map((p: { permissionId: string; actions: string[] }) => ({ permissionId: p.permissionId, actions: p.actions }));
    expect((await call('update.do', { id: superRole, permissions: entries }, su.token)).json().status).toBe(0);
    // and even with it, a non-super account is refused the operation log
    const holder = await signedIn(t, 'super');
    expect((await post(t, '/admin/log/operationList.do', {}, { token: holder.token })).statusCode).toBe(403);
  });

  it('applies an edit to signed-in holders at once', async () => {
    const su = await superUser(t);
    const id = await makeRole(t, { managelist: ['query'] });
    const s = await withRole(t, id);
    const add = () =>
      post(
        t,
        '/admin/system/add.do',
        { adminUtopia: `new_${Date.now()}`, adminName: 'n', password: 'abcdef', roleId: id },
        { token: s.token },
      );
    expect((await add()).statusCode).toBe(403);
    const up = (await call('update.do', { id, permissions: [{ permissionId: 'managelist', actions: ['query', 'add'] }] }, su.token)).json();
    expect(up.data.permissions[0].actions).toEqual(['add', 'query']);
    expect((await add()).json().status).toBe(0);
    const info = (await t.app.inject({ method: 'GET', url: '/api/user/info', headers: { admintoken: s.token } })).json();
    expect(info.data.role.permissions.find((p: { permissionId: string }) => p.permissionId === 'managelist').actions).toEqual([
      'add',
      'query',
    ]);
    const log = (await oplogRows(t, '/admin/role/update.do')).at(-1)!;
    expect(log.summary).toMatchObject({
      before: { permissions: { managelist: ['query'] } },
      after: { permissions: { managelist: ['add', 'query'] } },
    });
  });

  it('lets a non-super editor grant only what they hold', async () => {
    const editorRole = await makeRole(t, { managelist: ['query', 'add', 'edit'], userlist: ['query', 'get'] });
    const s = await withRole(t, editorRole);
    const ok = (await call('add.do', { name: 'sub', permissions: [{ permissionId: 'userlist', actions: ['query'] }] }, s.token)).json();
    expect(ok.status).toBe(0);
    const more = (await call('add.do', { name: 'more', permissions: [{ permissionId: 'userlist', actions: ['edit'] }] }, s.token)).json();
    expect(more.msg).toBe('不能授予超出自己权限的角色或权限（userlist 的 edit）');
    // renaming a richer role is an edit like any other; adding grants beyond their own is not
    const finance = await roleIdOf('finance');
    expect((await call('update.do', { id: finance, name: '财务2' }, s.token)).json().status).toBe(0);
    expect(
      (await call('update.do', { id: ok.data.id, permissions: [{ permissionId: 'withdrawallist', actions: ['query'] }] }, s.token)).json()
        .status,
    ).toBe(1);
  });

  it('deletes a role unless it is built-in or in use', async () => {
    const su = await superUser(t);
    expect((await call('del.do', { id: await roleIdOf('support') }, su.token)).json()).toMatchObject({
      status: 1,
      msg: '内置角色不能删除',
    });
    const id = await makeRole(t, { userlist: ['query'] });
    const holder = await withRole(t, id);
    expect((await call('del.do', { id }, su.token)).json().msg).toBe('该角色下还有 1 个管理员，不能删除');
    await post(t, '/admin/system/del.do', { id: holder.id }, { token: su.token });
    expect((await call('del.do', { id }, su.token)).json().status).toBe(0);
    expect((await call('del.do', { id }, su.token)).json().msg).toBe('角色不存在');
    const log = (await oplogRows(t, '/admin/role/del.do')).find((l) => l.result === 'ok')!;
    expect(log.summary.before).toMatchObject({ permissions: { userlist: ['query'] } });
  });
});

describe('server-side action checks', () => {
  it('query-only on managelist: role list works, role writes get 403', async () => {
    const q = await makeRole(t, { managelist: ['query'] });
    const s = await withRole(t, q);
    expect((await call('list.do', {}, s.token)).json().status).toBe(0);
    expect((await call('permissions.do', {}, s.token)).json().status).toBe(0);
    for (const [url, body, action] of [
      ['add.do', { name: 'n' }, 'add'],
      ['update.do', { id: q, name: 'n' }, 'edit'],
      ['del.do', { id: q }, 'delete'],
    ] as const) {
      const r = await call(url, body, s.token);
      expect(r.statusCode, url).toBe(403);
      expect(r.json(), url).toEqual({ status: 1, msg: `无权限：缺少 managelist 的 ${action} 权限`, data: null });
    }
    // no managelist at all: even the read is refused
    const none = await signedIn(t, 'finance');
    expect((await call('list.do', {}, none.token)).statusCode).toBe(403);
  });

  it('a role without edit on userlist gets 403 from /admin/user/update.do while query works (when that endpoint exists)', async () => {
    if (!t.app.hasRoute({ method: 'POST', url: '/admin/user/update.do' })) return;
    const role = await makeRole(t, { userlist: ['query', 'get'] });
    const s = await withRole(t, role);
    const list = (await post(t, '/admin/user/list.do', {}, { token: s.token })).json();
    expect(list.msg).toBe('操作成功');
    expect(list.status).toBe(0);
    const r = await post(t, '/admin/user/update.do', { id: 1 }, { token: s.token });
    expect(r.statusCode).toBe(403);
    expect(r.json().msg).toBe('无权限：缺少 userlist 的 edit 权限');
  });
});
