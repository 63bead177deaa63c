import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { fillTemplate } from '@stock-admin/contracts';
import { rows } from '../../src/db/rows.js';
import { logPushProvider, setPushProvider } from '../../src/modules/logs/push.js';
import { logSmsProvider, setSmsProvider } from '../../src/modules/logs/sms.js';
import { kickSends, runSends } from '../../src/modules/messages/send-worker.js';
import { userTemplateValues } from '../../src/modules/users/template-values.js';
import { appPost, appToken, makeAgent, makeUser } from '../funds/funds.helpers.js';
import { createTestApp, get, post, signedIn, type TestApp } from '../helpers.js';

// Message templates and sends (issue 24): templates, per-id batch delete, sends as jobs with progress and one
// message per recipient (variables filled per user), scope, SMS/push delivery with retry, schedule and cancel.
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({});
  admin = (await signedIn(t, 'admin')).token;
});
afterAll(() => t.close());
afterEach(() => {
  setSmsProvider(logSmsProvider);
  setPushProvider(logPushProvider);
});

const M = '/admin/msgTemplate';
const call = (path: string, body: Record<string, unknown>, token = admin, lang?: string) =>
  post(t, `${M}/${path}`, body, { token, json: true, lang }).then((r) => ({ http: r.statusCode, ...r.json() }));
const db = () => t.app.ctx.db;
const detail = async (id: number) => (await call('sendDetail.do', { id })).data;
const later = () => new Date(Date.now() + 3_600_000).toISOString();

async function tier(name: string): Promise<number> {
  const [r] = rows<{ id: number }>(await db().execute(sql`INSERT INTO layering_tiers (layering_name) VALUES (${name}) RETURNING id`));
  return r!.id;
}
/** `n` users on a tier of their own, written in one statement. */
async function crowd(n: number): Promise<{ tierId: number; ids: number[] }> {
  const tierId = await tier(`群发-${n}-${Math.random().toString(36).slice(2, 6)}`);
  const r = rows<{ id: number }>(
    await db().execute(sql`
      INSERT INTO users (phone, password_hash, nick_name, layering_id)
      SELECT '18' || lpad((${tierId} * 100000 + g)::text, 9, '0'), 'x', 'n' || g, ${tierId} FROM generate_series(1, ${n}) g RETURNING id`),
  );
  return { tierId, ids: r.map((x) => x.id) };
}

describe('templates', () => {
  it('adds, edits and refuses unknown variables, naming the field', async () => {
    const a = await call('add.do', { name: '到账通知', channel: 'station', title: '到账', content: '{{nickName}} 您好，资金已到账' });
    expect(a.status).toBe(0);
    const bad = await call('add.do', { name: 'x', channel: 'sms', title: 't', content: '{{nickname}} 你好' }, admin, 'en-US');
    expect(bad.status).toBe(2);
    expect(bad.msg).toBe('Invalid argument: content uses an unknown variable (see the variable list)');
    const u = await call('update.do', {
      id: a.data.id,
      name: '到账通知2',
      channel: 'push',
      title: '到账',
      content: '已到账',
      lang: 'en-US',
    });
    expect(u.data).toMatchObject({ name: '到账通知2', channel: 'push', lang: 'en-US' });
    const listed = (await get(t, `${M}/queryInfoList.do`, { channel: 'push', name: '到账' }, { token: admin })).json().data.list;
    expect(listed.map((x: { id: number }) => x.id)).toContain(a.data.id);
  });

  it('batch-deletes with a result per id, the missing ones named', async () => {
    const a = (await call('add.do', { name: 'a', channel: 'station', title: 't', content: 'c' })).data.id;
    const b = (await call('add.do', { name: 'b', channel: 'station', title: 't', content: 'c' })).data.id;
    const r = await call('batchDelete.do', { ids: [a, 999_999, b] });
    expect(r.data.ok).toBe(2);
    expect(r.data.results).toEqual([
      { id: a, ok: true, msg: '已删除' },
      { id: 999_999, ok: false, msg: '消息模板不存在' },
      { id: b, ok: true, msg: '已删除' },
    ]);
    expect((await call('delete.do', { id: a })).msg).toBe('消息模板不存在');
  });

  it("previews with a chosen user's data the same as the job writes it", async () => {
    const userId = await makeUser(t);
    const content = '{{realName}}/{{nickName}}/{{phone}}/{{userId}}/{{balance}}/{{date}}';
    const p = await call('preview.do', { content, title: 'x', userId });
    const values = await userTemplateValues(db(), userId);
    expect(p.data.content).toBe(fillTemplate(content, values!));
    // a user chosen twice is one recipient
    const s = await call('setUserMsg', {
      channel: 'station',
      title: '核对',
      content,
      audience: { kind: 'users', userIds: [userId, userId] },
    });
    expect(s.data.total).toBe(1);
    await kickSends(t.app.ctx);
    expect(await detail(s.data.id)).toMatchObject({ status: 'done', total: 1, done: 1 });
    const got = (await appPost(t, '/app/message/list.do', {}, await appToken(t, userId)).then((r) => r.json())).data.list[0];
    expect(got.content).toBe(p.data.content);
  });
});

describe('sends', () => {
  it('sends to 10,000 users as a job: answered at once, written in chunks with progress, one message each', async () => {
    const { tierId, ids } = await crowd(10_000);
    const tpl = (
      await call('add.do', { name: '群发', channel: 'station', title: '通知 {{nickName}}', content: '尊敬的 {{nickName}}，系统升级' })
    ).data;
    // scheduled a second ahead so the request does not start the worker; the test steps it chunk by chunk
    const at = new Date(Date.now() + 1000).toISOString();
    const s = await call('setUserMsg', { templateId: tpl.id, audience: { kind: 'tier', tierId }, scheduleAt: at });
    expect(s.status).toBe(0);
    expect(s.msg).toBe('已定时，共 10000 位用户');
    expect(s.data).toMatchObject({ status: 'scheduled', total: 10_000, done: 0 });
    const soon = () => new Date(Date.now() + 2000);
    await runSends(t.app.ctx, { now: soon, maxChunks: 1 });
    expect(await detail(s.data.id)).toMatchObject({ status: 'running', done: 5000, total: 10_000 });
    await runSends(t.app.ctx, { now: soon });
    expect(await detail(s.data.id)).toMatchObject({ status: 'done', done: 10_000, sent: 10_000, failed: 0 });
    const [c] = rows<{ recipients: number; users: number; personal: number }>(
      await db().execute(sql`
        SELECT count(*)::int AS recipients, count(DISTINCT r.user_id)::int AS users,
               count(*) FILTER (WHERE r.content = '尊敬的 ' || u.nick_name || '，系统升级')::int AS personal
        FROM station_message_recipients r JOIN users u ON u.id = r.user_id
        WHERE r.message_id = (SELECT station_message_id FROM message_sends WHERE id = ${s.data.id})`),
    );
    expect(c).toEqual({ recipients: 10_000, users: 10_000, personal: 10_000 });
    // running again writes nothing twice
    expect((await runSends(t.app.ctx, { now: soon })).recipients).toBe(0);
    const d = (await call('deliveries.do', { id: s.data.id, pageSize: 5 })).data;
    expect(d.total).toBe(10_000);
    expect(ids).toContain(d.list[0].userId);
    const mine = (await appPost(t, '/app/message/list.do', {}, await appToken(t, ids[0]!)).then((r) => r.json())).data.list[0];
    expect(mine.title).toBe('通知 n1');
  });

  it('reaches, for the default tier, the users without a tier as well (as the tier list counts them)', async () => {
    await db().execute(
      sql`INSERT INTO layering_tiers (layering_name, is_default) SELECT '默认层', true WHERE NOT EXISTS (SELECT 1 FROM layering_tiers WHERE is_default)`,
    );
    const [def] = rows<{ id: number }>(await db().execute(sql`SELECT id FROM layering_tiers WHERE is_default`));
    const loose = await makeUser(t, { layeringId: null });
    const s = await call('setUserMsg', { channel: 'station', title: '默认层', content: 'c', audience: { kind: 'tier', tierId: def!.id } });
    expect(s.status).toBe(0);
    await kickSends(t.app.ctx);
    const reached = rows<{ n: number }>(
      await db().execute(sql`SELECT count(*)::int AS n FROM message_deliveries WHERE send_id = ${s.data.id} AND user_id = ${loose}`),
    );
    expect(reached[0]!.n).toBe(1);
  });

  it('refuses an empty audience, a past schedule, and users outside agent staff’s subtree', async () => {
    const emptyTier = await tier('空层');
    expect(
      (await call('setUserMsg', { channel: 'station', title: 't', content: 'c', audience: { kind: 'tier', tierId: emptyTier } })).msg,
    ).toBe('没有符合条件的用户');
    const u = await makeUser(t);
    const past = await call('setUserMsg', {
      channel: 'station',
      title: 't',
      content: 'c',
      audience: { kind: 'users', userIds: [u] },
      scheduleAt: '2020-01-01T00:00:00Z',
    });
    expect(past.msg).toBe('定时时间须晚于现在');
    const missing = await call('setUserMsg', { audience: { kind: 'all' } }, admin, 'en-US');
    expect(missing.status).toBe(2);
    expect(missing.msg).toBe('Invalid argument: channel is required');

    const agentId = await makeAgent(t);
    const staff = (await signedIn(t, 'agent', { agentId })).token;
    const mine = await makeUser(t, { agentId });
    const refused = await call(
      'setUserMsg',
      { channel: 'station', title: 't', content: 'c', audience: { kind: 'users', userIds: [mine, u] } },
      staff,
    );
    expect(refused.status).toBe(2);
    // the confirmation's count (issue 39): what 'all' reaches for agent staff is their subtree, the same number the send gets
    const size = await call('audienceSize.do', { audience: { kind: 'all' } }, staff);
    expect(size.data).toEqual({ count: 1, label: '本代理线全部用户' });
    const platform = await call('audienceSize.do', { audience: { kind: 'all' } }, admin, 'en-US');
    const [everyone] = rows<{ n: number }>(await db().execute(sql`SELECT count(*)::int AS n FROM users WHERE deleted_at IS NULL`));
    expect(platform.data).toEqual({ count: everyone!.n, label: 'all users' });
    expect((await call('audienceSize.do', { audience: { kind: 'users', userIds: [mine, u] } }, staff)).status).toBe(2);
    expect((await call('audienceSize.do', { audience: { kind: 'tier' } }, admin, 'en-US')).msg).toMatch(
      /^Invalid argument: audience\.tierId/,
    );
    const all = await call('setUserMsg', { channel: 'station', title: '代理通知', content: 'c', audience: { kind: 'all' } }, staff);
    expect(all.data.total).toBe(1);
    await kickSends(t.app.ctx);
    const reached = rows<{ user_id: number }>(
      await db().execute(sql`SELECT user_id FROM message_deliveries WHERE send_id = ${all.data.id}`),
    );
    expect(reached.map((r) => r.user_id)).toEqual([mine]);
    // agent staff see their own sends only
    const theirs = (await call('sendList.do', { pageSize: 100 }, staff)).data.list.map((x: { id: number }) => x.id);
    expect(theirs).toEqual([all.data.id]);
    expect((await call('users.do', {}, staff)).http).toBe(404);
    const pick = (await get(t, `${M}/queryMsgUsers.do`, { pageSize: 100 }, { token: staff })).json().data;
    expect(pick.list.map((x: { id: number }) => x.id)).toEqual([mine]);
  });

  it('records SMS failures per recipient and retries only those', async () => {
    const ids = [await makeUser(t), await makeUser(t), await makeUser(t)];
    const [bad] = rows<{ phone: string }>(await db().execute(sql`SELECT phone FROM users WHERE id = ${ids[1]!}`));
    let down = true;
    setSmsProvider({
      name: 'fake',
      send: async (_c, m) => (down && m.phone === bad!.phone ? { ok: false, error: 'gateway 503' } : { ok: true }),
    });
    const s = await call('setUserMsg', {
      channel: 'sms',
      title: '提醒',
      content: '{{nickName}} 请登录',
      audience: { kind: 'users', userIds: ids },
    });
    await kickSends(t.app.ctx);
    expect(await detail(s.data.id)).toMatchObject({ status: 'done', done: 3, sent: 2, failed: 1 });
    const failed = (await call('deliveries.do', { id: s.data.id, status: 'failed' })).data.list;
    expect(failed).toMatchObject([{ userId: ids[1], error: 'gateway 503', attempts: 1 }]);
    down = false;
    expect((await call('retry.do', { id: s.data.id })).status).toBe(0);
    await kickSends(t.app.ctx);
    expect(await detail(s.data.id)).toMatchObject({ status: 'done', sent: 3, failed: 0 });
    const again = (await call('deliveries.do', { id: s.data.id, status: 'sent', pageSize: 10 })).data.list.find(
      (x: { userId: number }) => x.userId === ids[1],
    );
    expect(again.attempts).toBe(2);
    expect((await call('retry.do', { id: s.data.id })).msg).toBe('没有发送失败的用户');
    const logged = rows<{ n: number }>(await db().execute(sql`SELECT count(*)::int AS n FROM sms_log WHERE content LIKE '【提醒】%'`));
    expect(logged[0]!.n).toBe(4);
  });

  it('pushes to registered devices; users without one are counted, not failed', async () => {
    const withDevice = await makeUser(t);
    const without = await makeUser(t);
    const reg = await appPost(
      t,
      '/app/device/register.do',
      { platform: 'ios', token: 'device-token-0123456789' },
      await appToken(t, withDevice),
    ).then((r) => r.json());
    expect(reg.status).toBe(0);
    const sentTo: string[] = [];
    setPushProvider({ name: 'fake', send: async (_c, m) => (sentTo.push(m.target), { ok: true }) });
    const s = await call('setUserMsg', {
      channel: 'push',
      title: '行情提醒',
      content: '开盘了',
      audience: { kind: 'users', userIds: [withDevice, without] },
    });
    await kickSends(t.app.ctx);
    expect(await detail(s.data.id)).toMatchObject({ status: 'done', sent: 1, noDevice: 1, failed: 0 });
    expect(sentTo).toEqual(['device-token-0123456789']);
  });

  it('cancels a scheduled send before it runs', async () => {
    const u = await makeUser(t);
    const s = await call('setUserMsg', {
      channel: 'station',
      title: '定时',
      content: 'c',
      audience: { kind: 'users', userIds: [u] },
      scheduleAt: later(),
    });
    expect((await call('cancel.do', { id: s.data.id })).data.status).toBe('cancelled');
    await runSends(t.app.ctx, { now: () => new Date(Date.now() + 7_200_000) });
    expect((await detail(s.data.id)).done).toBe(0);
    expect((await call('cancel.do', { id: s.data.id })).msg).toBe('发送已结束，不能取消');
  });
});
