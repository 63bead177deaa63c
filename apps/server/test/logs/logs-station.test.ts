import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../src/db/rows.js';
import { createTestApp, post, signedIn, type TestApp } from '../helpers.js';
import { makeAgentRow, makeRole, oplogRows, superUser, withRole } from '../admins/admins-helpers.js';
import { appPost, appUser } from '../users/users-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const admin = (url: string, body: Record<string, unknown>, token: string) =>
  post(t, `/admin/stationMessage/${url}`, body, { token, json: true });
const inbox = async (usertoken: string, body: Record<string, unknown> = {}) =>
  (await appPost(t, '/app/message/list.do', body, { usertoken })).json();

describe('station messages (站内消息)', () => {
  it('sends to chosen users; only they see it; read state flows back to the list', async () => {
    const s = await signedIn(t, 'support');
    const [u1, u2, u3] = [await appUser(t), await appUser(t), await appUser(t)];
    const r = (
      await admin('send.do', { title: '维护通知', content: '今晚 22:00 维护', audience: 'users', userIds: `${u1.id},${u2.id}` }, s.token)
    ).json();
    expect(r).toMatchObject({
      status: 0,
      msg: '消息已发送给 2 位用户',
      data: { audience: 'users', recipientCount: 2, readCount: 0, adminId: s.id, withdrawn: false },
    });
    const id = r.data.id;

    const box1 = await inbox(u1.usertoken);
    expect(box1.data).toMatchObject({ total: 1, unread: 1 });
    expect(box1.data.list[0]).toMatchObject({ id, title: '维护通知', content: '今晚 22:00 维护', readAt: null });
    expect((await inbox(u3.usertoken)).data).toMatchObject({ total: 0, unread: 0 });

    const read = (await appPost(t, '/app/message/read.do', { ids: [id] }, { usertoken: u1.usertoken })).json();
    expect(read.data).toEqual({ unread: 0 });
    expect((await inbox(u1.usertoken)).data.list[0].readAt).not.toBeNull();
    // another user's message cannot be marked
    await appPost(t, '/app/message/read.do', { ids: [id] }, { usertoken: u3.usertoken });
    expect((await inbox(u3.usertoken)).data.total).toBe(0);

    const list = (await admin('list.do', {}, s.token)).json().data.list;
    expect(list.find((m: { id: number }) => m.id === id)).toMatchObject({ recipientCount: 2, readCount: 1 });
    const rec = (await admin('recipients.do', { id }, s.token)).json().data;
    expect(rec.total).toBe(2);
    expect(rec.list.find((x: { userId: number }) => x.userId === u1.id)).toMatchObject({
      phone: `${u1.phone.slice(0, 3)}****${u1.phone.slice(-4)}`,
      readAt: expect.any(String),
    });
    expect((await admin('recipients.do', { id, read: false }, s.token)).json().data.list.map((x: { userId: number }) => x.userId)).toEqual([
      u2.id,
    ]);
    expect((await oplogRows(t, '/admin/stationMessage/send.do')).at(-1)).toMatchObject({
      module: 'messages',
      result: 'ok',
      target_id: String(id),
    });
  });

  it('sends to all users (those registered by then), with read counts; withdrawing hides it', async () => {
    const su = await superUser(t);
    const before = await appUser(t);
    const total = rows<{ n: number }>(await t.app.ctx.db.execute(sql`SELECT count(*)::int AS n FROM users WHERE deleted_at IS NULL`))[0]!.n;
    // the confirmation names the number the send then reaches (issue 39)
    const size = (await admin('audienceSize.do', { audience: 'all' }, su.token)).json();
    expect(size.data).toEqual({ count: total, label: '全部用户' });
    const r = (await admin('send.do', { title: '全员公告', content: 'hello all', audience: 'all' }, su.token)).json();
    expect(r.data).toMatchObject({ audience: 'all', recipientCount: size.data.count });
    const after = await appUser(t);
    await new Promise((res) => setTimeout(res, 5));
    expect((await inbox(before.usertoken)).data.list.map((m: { id: number }) => m.id)).toContain(r.data.id);
    expect((await inbox(after.usertoken)).data.list.map((m: { id: number }) => m.id)).not.toContain(r.data.id);
    expect((await appPost(t, '/app/message/read.do', { all: true }, { usertoken: before.usertoken })).json().data.unread).toBe(0);
    const item = (await admin('list.do', { audience: 'all' }, su.token)).json().data.list[0];
    expect(item).toMatchObject({ id: r.data.id, readCount: 1 });
    const readers = (await admin('recipients.do', { id: r.data.id, read: true }, su.token)).json().data;
    expect(readers.list.map((x: { userId: number }) => x.userId)).toEqual([before.id]);
    expect((await admin('recipients.do', { id: r.data.id, read: false }, su.token)).json().data.total).toBe(total - 1);

    expect((await admin('del.do', { id: r.data.id }, su.token)).json()).toMatchObject({ status: 0, msg: '消息已撤回' });
    expect((await inbox(before.usertoken)).data.list.map((m: { id: number }) => m.id)).not.toContain(r.data.id);
    expect((await admin('list.do', { audience: 'all' }, su.token)).json().data.list[0].withdrawn).toBe(true);
  });

  it('validates the audience and the users', async () => {
    const su = await superUser(t);
    expect((await admin('send.do', { title: 't', content: 'c', audience: 'users' }, su.token)).json().msg).toBe(
      '参数错误：userIds 不能为空',
    );
    expect((await admin('send.do', { title: '', content: 'c', audience: 'all' }, su.token)).json().msg).toBe('参数错误：title 不能为空');
    expect((await admin('send.do', { title: 't', content: 'c', audience: 'some' }, su.token)).json().status).toBe(2);
    const bad = (await admin('send.do', { title: 't', content: 'c', audience: 'users', userIds: [999999] }, su.token)).json();
    expect(bad).toMatchObject({ status: 2, msg: '参数错误：userIds 包含不存在或无权访问的用户' });
    expect((await admin('recipients.do', { id: 999999 }, su.token)).json().msg).toBe('消息不存在');
  });

  it('keeps agent staff inside their subtree', async () => {
    const top = await makeAgentRow(t);
    const other = await makeAgentRow(t);
    const mine = await appUser(t);
    const theirs = await appUser(t);
    await t.app.ctx.db.execute(sql`UPDATE users SET agent_id = ${top} WHERE id = ${mine.id}`);
    await t.app.ctx.db.execute(sql`UPDATE users SET agent_id = ${other} WHERE id = ${theirs.id}`);
    const staff = await withRole(t, await makeRole(t, { stationmessage: ['query', 'get', 'add', 'delete'] }), { agentId: top });
    const out = (await admin('send.do', { title: 't', content: 'c', audience: 'users', userIds: [theirs.id] }, staff.token)).json();
    expect(out.msg).toBe('参数错误：userIds 包含不存在或无权访问的用户');
    const all = (await admin('send.do', { title: '代理公告', content: 'c', audience: 'all' }, staff.token)).json();
    expect(all.data.recipientCount).toBe(1);
    expect((await inbox(mine.usertoken)).data.list.map((m: { title: string }) => m.title)).toContain('代理公告');
    expect((await inbox(theirs.usertoken)).data.list.map((m: { title: string }) => m.title)).not.toContain('代理公告');
    // platform messages are not theirs to list or withdraw
    const su = await superUser(t);
    const platform = (await admin('send.do', { title: 'p', content: 'c', audience: 'users', userIds: [theirs.id] }, su.token)).json().data;
    const ids = (await admin('list.do', { pageSize: 100 }, staff.token)).json().data.list.map((m: { id: number }) => m.id);
    expect(ids).toEqual([all.data.id]);
    expect((await admin('del.do', { id: platform.id }, staff.token)).json().msg).toBe('消息不存在');
  });

  it('needs stationmessage permissions: query to list, add to send, delete to withdraw', async () => {
    const none = await signedIn(t, 'finance');
    expect((await admin('list.do', {}, none.token)).statusCode).toBe(403);
    const support = await signedIn(t, 'support');
    const r = await admin('del.do', { id: 1 }, support.token);
    expect(r.statusCode).toBe(403);
    expect(r.json().msg).toBe('无权限：缺少 stationmessage 的 delete 权限');
    expect((await appPost(t, '/app/message/list.do', {})).json().status).toBe(10);
  });
});
