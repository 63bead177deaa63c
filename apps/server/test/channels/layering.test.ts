import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../src/db/rows.js';
import { allowedChannelIds, recomputeTiers } from '../../src/modules/channels/layering.js';
import { createTestApp, get, post, signedIn, type TestApp } from '../helpers.js';
import { layeringOf, makeUser } from '../funds/funds.helpers.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await signedIn(t, 'finance')).token;
});
afterAll(() => t.close());

const addTier = async (body: Record<string, unknown>) => (await post(t, '/admin/channel/layering/add', body, { token })).json();
const addChannel = async (name: string, extra: Record<string, unknown> = {}) =>
  (await post(t, '/admin/channel/add', { type: 'usdt', name, displayName: name, account: 'T' + name, ...extra }, { token })).json().data
    .id as number;

describe('layering tiers: the spec payloads', () => {
  it('adds, lists (pageNum/pageSize → list,total), updates and deletes a tier with the screen messages', async () => {
    const a = await addTier({ layeringName: 'VIP1', payNums: '3', payMoney: '1000', withdrawalMoney: '', withdrawalNums: '' });
    expect(a.status).toBe(0);
    expect(a.msg).toBe('添加成功');
    expect(a.data).toMatchObject({
      layeringName: 'VIP1',
      payNums: 3,
      payMoney: '1000.00',
      withdrawalMoney: null,
      withdrawalNums: null,
      isDefault: false,
    });
    const id = a.data.id;

    const list = (await get(t, '/admin/channel/layering', { pageNum: 1, pageSize: 10 }, { token })).json();
    expect(list.status).toBe(0);
    expect(list.data.total).toBeGreaterThanOrEqual(1);
    const row = list.data.list.find((r: { id: number }) => r.id === id);
    expect(row).toMatchObject({ id, layeringName: 'VIP1', payNums: 3, payMoney: '1000.00', withdrawalMoney: null, withdrawalNums: null });
    for (const k of ['id', 'layeringName', 'payNums', 'payMoney', 'withdrawalMoney', 'withdrawalNums']) expect(row).toHaveProperty(k);

    const u = (
      await post(
        t,
        '/admin/channel/layering/update',
        { id, layeringName: 'VIP 1', payNums: '', payMoney: '2000', withdrawalNums: 1 },
        { token },
      )
    ).json();
    expect(u.msg).toBe('更新成功');
    expect(u.data).toMatchObject({ layeringName: 'VIP 1', payNums: null, payMoney: '2000.00', withdrawalNums: 1 });

    const en = (await post(t, '/admin/channel/layering/update', { id, layeringName: 'VIP 1' }, { token, lang: 'en-US' })).json();
    expect(en.msg).toBe('Updated');
    expect(en.data.payMoney).toBeNull(); // the whole form is the new state

    const d = (await post(t, '/admin/channel/layering/delete', { id }, { token })).json();
    expect(d).toEqual({ status: 0, msg: '删除成功', data: null });
    expect((await post(t, '/admin/channel/layering/delete', { id }, { token })).json()).toEqual({
      status: 1,
      msg: '分层不存在',
      data: null,
    });
  });

  it('pages with the screen sizes', async () => {
    for (let i = 0; i < 12; i++) await addTier({ layeringName: `page-${i}` });
    const p2 = (await get(t, '/admin/channel/layering', { pageNum: 2, pageSize: 10 }, { token })).json();
    expect(p2.data.pageNum).toBe(2);
    expect(p2.data.list.length).toBe(p2.data.total - 10);
    expect((await get(t, '/admin/channel/layering', { pageNum: 1, pageSize: 1001 }, { token })).json().status).toBe(2);
  });

  it('refuses bad layering fields with a message naming the field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, '参数错误：layeringName 不能为空（请输入分层名称）', 'Invalid argument: layeringName is required (enter the tier name)'],
      [
        { layeringName: '   ' },
        '参数错误：layeringName 不能为空（请输入分层名称）',
        'Invalid argument: layeringName is required (enter the tier name)',
      ],
      [
        { layeringName: 'x'.repeat(65) },
        '参数错误：layeringName 过大或过长（最大 64）',
        'Invalid argument: layeringName is too large or too long (maximum 64)',
      ],
      [{ layeringName: 'a', payNums: 'abc' }, '参数错误：payNums 类型不正确', 'Invalid argument: payNums has the wrong type'],
      [{ layeringName: 'a', payNums: '1.5' }, '参数错误：payNums 类型不正确', 'Invalid argument: payNums has the wrong type'],
      [
        { layeringName: 'a', withdrawalNums: '-1' },
        '参数错误：withdrawalNums 过小或过短（最小 0）',
        'Invalid argument: withdrawalNums is too small or too short (minimum 0)',
      ],
      [{ layeringName: 'a', payMoney: '-1' }, '参数错误：payMoney 不能为负数', 'Invalid argument: payMoney must not be negative'],
      [
        { layeringName: 'a', withdrawalMoney: '1.001' },
        '参数错误：withdrawalMoney 金额格式不正确（最多两位小数）',
        'Invalid argument: withdrawalMoney is not a valid amount (at most two decimals)',
      ],
    ];
    for (const [body, zh, en] of cases) {
      expect((await post(t, '/admin/channel/layering/add', body, { token })).json()).toEqual({ status: 2, msg: zh, data: null });
      expect((await post(t, '/admin/channel/layering/add', body, { token, lang: 'en-US' })).json().msg).toBe(en);
    }
    expect((await post(t, '/admin/channel/layering/update', { layeringName: 'x' }, { token })).json().msg).toBe('参数错误：id 不能为空');
  });

  it('refuses a duplicate name', async () => {
    await addTier({ layeringName: 'Gold' });
    expect(await addTier({ layeringName: 'gold' })).toEqual({ status: 1, msg: '分层名称已存在', data: null });
  });

  it('attaches channels (comma-joined), lists, detaches one and all', async () => {
    const tier = (await addTier({ layeringName: 'with-channels' })).data.id;
    const c1 = await addChannel('c1');
    const c2 = await addChannel('c2');
    const c3 = await addChannel('c3');
    const add = (await post(t, '/admin/channel/layering/channels/add', { layeringId: tier, channelIds: `${c1},${c2}` }, { token })).json();
    expect(add).toEqual({ status: 0, msg: '添加成功', data: { added: 2 } });
    // attaching again is harmless
    expect(
      (await post(t, '/admin/channel/layering/channels/add', { layeringId: tier, channelIds: `${c2},${c3}` }, { token })).json().data,
    ).toEqual({ added: 1 });

    const detail = (await get(t, '/admin/channel/layering/channels/detail', { layeringId: tier }, { token })).json();
    expect(detail.status).toBe(0);
    expect(detail.data.total).toBe(3);
    expect(detail.data.list[0]).toEqual({
      channelLayeringPidId: expect.any(Number),
      channelId: c1,
      name: 'c1',
      displayName: 'c1',
      type: 'usdt',
      enabled: true,
      shown: true,
    });
    const pid = detail.data.list.find((l: { channelId: number }) => l.channelId === c2).channelLayeringPidId;

    // the channel list shows the tier
    expect((await get(t, '/admin/channel/detail', { id: c1 }, { token })).json().data.layerings).toEqual([
      { id: tier, layeringName: 'with-channels' },
    ]);

    expect((await post(t, '/admin/channel/layering/channels/delete', { channelLayeringPidId: pid }, { token })).json()).toEqual({
      status: 0,
      msg: '删除成功',
      data: null,
    });
    expect((await post(t, '/admin/channel/layering/channels/delete', { channelLayeringPidId: pid }, { token })).json()).toEqual({
      status: 1,
      msg: '该分层下没有此渠道',
      data: null,
    });
    expect((await get(t, '/admin/channel/layering/channels/detail', { layeringId: tier }, { token })).json().data.total).toBe(2);

    const all = (await post(t, '/admin/channel/layering/channels/delete/all', { layeringId: tier }, { token, lang: 'en-US' })).json();
    expect(all).toEqual({ status: 0, msg: 'Deleted', data: { deleted: 2 } });
    expect((await get(t, '/admin/channel/layering/channels/detail', { layeringId: tier }, { token })).json().data).toEqual({
      list: [],
      total: 0,
      pageNum: 1,
      pageSize: 1,
    });
    // deleting a channel removes its links; deleting a tier removes its links
    await post(t, '/admin/channel/layering/channels/add', { layeringId: tier, channelIds: [c1, c3] }, { token, json: true });
    await post(t, '/admin/channel/delete', { id: c3 }, { token });
    expect((await get(t, '/admin/channel/layering/channels/detail', { layeringId: tier }, { token })).json().data.total).toBe(1);
  });

  it('refuses bad channel payloads', async () => {
    const tier = (await addTier({ layeringName: 'bad-payloads' })).data.id;
    const c = await addChannel('bp');
    const cases: [Record<string, unknown>, string][] = [
      [{ layeringId: tier }, '参数错误：channelIds 不正确（请选择渠道）'],
      [{ layeringId: tier, channelIds: '' }, '参数错误：channelIds 不正确（请选择渠道）'],
      [{ layeringId: tier, channelIds: ' , ' }, '参数错误：channelIds 不正确（请选择渠道）'],
      [{ layeringId: tier, channelIds: '1,x' }, '参数错误：channelIds.1 不正确（请选择渠道）'],
      [{ channelIds: String(c) }, '参数错误：layeringId 不能为空'],
    ];
    for (const [body, msg] of cases)
      expect((await post(t, '/admin/channel/layering/channels/add', body, { token })).json()).toEqual({ status: 2, msg, data: null });
    expect(
      (await post(t, '/admin/channel/layering/channels/add', { layeringId: tier, channelIds: `${c},999999` }, { token })).json(),
    ).toEqual({ status: 1, msg: '渠道不存在：999999', data: null });
    expect((await post(t, '/admin/channel/layering/channels/add', { layeringId: 999999, channelIds: `${c}` }, { token })).json().msg).toBe(
      '分层不存在',
    );
    expect((await get(t, '/admin/channel/layering/channels/detail', { layeringId: 999999 }, { token })).json().msg).toBe('分层不存在');
    expect((await post(t, '/admin/channel/layering/channels/delete', {}, { token })).json().msg).toBe(
      '参数错误：channelLayeringPidId 不能为空',
    );
    expect((await post(t, '/admin/channel/layering/channels/delete/all', { layeringId: 'abc' }, { token })).json().msg).toBe(
      '参数错误：layeringId 类型不正确',
    );
  });

  it('keeps one default tier', async () => {
    const a = (await addTier({ layeringName: 'default-a', isDefault: true })).data.id;
    const b = (await addTier({ layeringName: 'default-b', isDefault: 'true' })).data.id;
    const list = (await get(t, '/admin/channel/layering', { pageSize: 1000 }, { token })).json().data.list;
    expect(list.filter((r: { isDefault: boolean }) => r.isDefault).map((r: { id: number }) => r.id)).toEqual([b]);
    // an update without isDefault (the spec's form) leaves it alone
    await post(t, '/admin/channel/layering/update', { id: b, layeringName: 'default-b' }, { token });
    await post(t, '/admin/channel/layering/update', { id: a, layeringName: 'default-a' }, { token });
    const again = (await get(t, '/admin/channel/layering', { pageSize: 1000 }, { token })).json().data.list;
    expect(again.filter((r: { isDefault: boolean }) => r.isDefault).map((r: { id: number }) => r.id)).toEqual([b]);
    // the default tier counts the users without a tier
    const before = again.find((r: { id: number }) => r.id === b).userCount;
    await makeUser(t);
    const after = (await get(t, '/admin/channel/layering', { pageSize: 1000 }, { token })).json().data.list;
    expect(after.find((r: { id: number }) => r.id === b).userCount).toBe(before + 1);
    expect(after.find((r: { id: number }) => r.id === a).userCount).toBe(0);
    await post(t, '/admin/channel/layering/delete', { id: b }, { token });
    await post(t, '/admin/channel/layering/delete', { id: a }, { token });
  });

  it('needs the layeringlist permission', async () => {
    const support = await signedIn(t, 'support');
    expect((await get(t, '/admin/channel/layering', {}, { token: support.token })).statusCode).toBe(403);
    expect((await post(t, '/admin/channel/layering/add', { layeringName: 'x' }, { token: support.token })).statusCode).toBe(403);
  });
});

describe('tier membership', () => {
  /** Deposit / withdrawal history written straight into the tables (the flows have their own tests). */
  async function history(
    userId: number,
    deposits: string[],
    paidWithdrawals: string[] = [],
    other: { status: number; amount: string }[] = [],
  ) {
    let i = 0;
    for (const a of deposits)
      await t.app.ctx.db.execute(
        sql`INSERT INTO recharge_orders (order_no, user_id, amount, status) VALUES (${`HR${userId}-${i++}`}, ${userId}, ${a}, 1)`,
      );
    for (const o of other)
      await t.app.ctx.db.execute(
        sql`INSERT INTO recharge_orders (order_no, user_id, amount, status) VALUES (${`HR${userId}-${i++}`}, ${userId}, ${o.amount}, ${o.status})`,
      );
    for (const a of paidWithdrawals)
      await t.app.ctx.db.execute(sql`
        INSERT INTO withdrawals (order_no, user_id, amount, status, bank_name, holder_name, card_no_sealed, card_last4)
        VALUES (${`HW${userId}-${i++}`}, ${userId}, ${a}, 1, 'b', 'h', 'x', '0000')`);
  }

  it('places users from their real history, leaves pinned ones, and the endpoint reports counts', async () => {
    const silver = (await addTier({ layeringName: 'T-silver', payNums: 2, payMoney: '1000' })).data.id;
    const gold = (await addTier({ layeringName: 'T-gold', payMoney: '10000', withdrawalNums: 1 })).data.id;
    const manual = (await addTier({ layeringName: 'T-manual' })).data.id; // no thresholds: never assigned automatically

    const none = await makeUser(t);
    const two = await makeUser(t);
    const rich = await makeUser(t);
    const richNoWithdraw = await makeUser(t);
    const failedOnly = await makeUser(t);
    const pinned = await makeUser(t, { layeringId: manual, pinned: true });
    const demoted = await makeUser(t, { layeringId: gold });

    await history(two, ['600', '400']);
    await history(rich, ['9000', '1000.00'], ['10']);
    await history(richNoWithdraw, ['15000', '5000']);
    await history(
      failedOnly,
      [],
      [],
      [
        { status: 2, amount: '50000' },
        { status: 0, amount: '50000' },
        { status: 3, amount: '50000' },
      ],
    );
    await history(pinned, ['99999'], ['1']);

    const r = (await post(t, '/admin/channel/layering/recompute', {}, { token })).json();
    expect(r.status).toBe(0);
    expect(r.msg).toMatch(/^分层已重新计算：检查 \d+ 人，调整 \d+ 人$/);
    expect(r.data.pinned).toBeGreaterThanOrEqual(1);

    expect(await layeringOf(t, none)).toEqual({ layeringId: null, pinned: false });
    expect((await layeringOf(t, two)).layeringId).toBe(silver);
    expect((await layeringOf(t, rich)).layeringId).toBe(gold);
    expect((await layeringOf(t, richNoWithdraw)).layeringId).toBe(silver);
    expect((await layeringOf(t, failedOnly)).layeringId).toBeNull();
    expect(await layeringOf(t, pinned)).toEqual({ layeringId: manual, pinned: true });
    expect((await layeringOf(t, demoted)).layeringId).toBeNull();

    // a second run moves nobody
    const again = await recomputeTiers(t.app.ctx);
    expect(again.moved).toBe(0);

    // the list counts users per tier
    const list = (await get(t, '/admin/channel/layering', { pageSize: 1000 }, { token })).json().data.list;
    expect(list.find((x: { id: number }) => x.id === silver).userCount).toBe(2);
    expect(list.find((x: { id: number }) => x.id === gold).userCount).toBe(1);
    expect(list.find((x: { id: number }) => x.id === manual).userCount).toBe(1);

    // pin and unpin through the endpoint
    const pin = (await post(t, '/admin/channel/layering/pin', { userId: two, layeringId: manual }, { token })).json();
    expect(pin.data).toEqual({ userId: two, layeringId: manual, pinned: true });
    await recomputeTiers(t.app.ctx);
    expect((await layeringOf(t, two)).layeringId).toBe(manual);
    const unpin = (await post(t, '/admin/channel/layering/pin', { userId: two, layeringId: '' }, { token })).json();
    expect(unpin.data).toEqual({ userId: two, layeringId: silver, pinned: false });
    expect((await post(t, '/admin/channel/layering/pin', { userId: 99999999, layeringId: manual }, { token })).json().msg).toBe(
      '用户不存在',
    );
    expect((await post(t, '/admin/channel/layering/pin', { userId: two, layeringId: 99999999 }, { token })).json().msg).toBe('分层不存在');

    // deleting a tier releases its users (pinned ones too)
    await post(t, '/admin/channel/layering/delete', { id: manual }, { token });
    expect(await layeringOf(t, pinned)).toEqual({ layeringId: null, pinned: false });
    for (const id of [silver, gold]) await post(t, '/admin/channel/layering/delete', { id }, { token });
  });

  it("decides a user's channels: own tier, else the default tier, else all", async () => {
    const cOwn = await addChannel('own-ch');
    const cDefault = await addChannel('default-ch');
    const cOther = await addChannel('other-ch');
    const cHidden = await addChannel('hidden-ch', { shown: false });
    const own = (await addTier({ layeringName: 'A-own' })).data.id;
    const other = (await addTier({ layeringName: 'A-other' })).data.id;
    const empty = (await addTier({ layeringName: 'A-empty' })).data.id;
    await post(t, '/admin/channel/layering/channels/add', { layeringId: own, channelIds: `${cOwn},${cHidden}` }, { token });
    await post(t, '/admin/channel/layering/channels/add', { layeringId: other, channelIds: `${cOther}` }, { token });
    const inOwn = await makeUser(t, { layeringId: own });
    const inEmpty = await makeUser(t, { layeringId: empty });
    const noTier = await makeUser(t);

    // no default tier yet: users without channels of their own may use every enabled, shown channel
    const all = await allowedChannelIds(t.app.ctx.db, noTier);
    expect(all).toEqual(expect.arrayContaining([cOwn, cDefault, cOther]));
    expect(all).not.toContain(cHidden);
    expect(await allowedChannelIds(t.app.ctx.db, inOwn)).toEqual([cOwn]);

    const dflt = (await addTier({ layeringName: 'A-default', isDefault: true })).data.id;
    await post(t, '/admin/channel/layering/channels/add', { layeringId: dflt, channelIds: `${cDefault}` }, { token });
    expect(await allowedChannelIds(t.app.ctx.db, noTier)).toEqual([cDefault]);
    expect(await allowedChannelIds(t.app.ctx.db, inEmpty)).toEqual([cDefault]);
    expect(await allowedChannelIds(t.app.ctx.db, inOwn)).toEqual([cOwn]);

    // a disabled channel drops out; when a tier has none left the default applies
    await post(
      t,
      '/admin/channel/update',
      { id: cOwn, type: 'usdt', name: 'own-ch', displayName: 'own-ch', account: 'Town', enabled: false },
      { token },
    );
    expect(await allowedChannelIds(t.app.ctx.db, inOwn)).toEqual([cDefault]);
    for (const id of [own, other, empty, dflt]) await post(t, '/admin/channel/layering/delete', { id }, { token });
  });

  it('is a scheduled job as well', async () => {
    const { jobByKey } = await import('../../src/jobs/index.js');
    const job = jobByKey('layering-recompute')!;
    expect(job).toMatchObject({ name: { zh: '用户分层重算', en: 'Layering tier recompute' }, schedule: '15 2 * * *' });
    expect(await job.run(t.app.ctx)).toMatchObject({ checked: expect.any(Number), moved: 0, pinned: expect.any(Number) });
  });

  it('checks that recompute touches only unpinned users and stays within one statement', async () => {
    const n = rows<{ n: number }>(
      await t.app.ctx.db.execute(sql`SELECT count(*)::int AS n FROM users WHERE NOT layering_pinned AND deleted_at IS NULL`),
    )[0]!.n;
    const r = await recomputeTiers(t.app.ctx);
    expect(r.checked).toBe(n);
  });
});
