import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../src/modules/_kit/parties.js';
import { userSessions } from '../../src/modules/users/tables.js';
import { authenticateUser, userSessionCache } from '../../src/modules/users/sessions.js';
import { rows } from '../../src/db/rows.js';
import type { DomainEvent } from '../../src/app/context.js';
import { post as ledgerPost } from '../../src/modules/fundrecords/ledger/index.js';
import { createTestApp, signedIn, type TestApp } from '../helpers.js';
import { appPost, appUser, expectLedgerBalanced, makeAgentViaApi, newPhone, postMultipart, tinyPng } from '../users/users-helpers.js';

let t: TestApp;
let admin: { token: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, 'admin');
});
afterAll(() => t.close());

const png = () => ({ filename: 'id.png', contentType: 'image/png', data: tinyPng() });

describe('register and sign-in', () => {
  it('registers, signs in with the token and reads the profile', async () => {
    const phone = newPhone();
    const r = (await appPost(t, '/app/user/register.do', { phone, password: 'secret-1', nickName: 'Zhang' })).json();
    expect(r).toMatchObject({ status: 0, msg: '注册成功', data: { token: expect.any(String), id: expect.any(Number) } });
    expect(r.data.expireTime).toBeGreaterThan(Date.now() + 6 * 24 * 3600_000);
    const info = (await appPost(t, '/app/user/info.do', {}, { usertoken: r.data.token })).json();
    expect(info.data).toMatchObject({
      id: r.data.id,
      phone,
      nickName: 'Zhang',
      accountType: 0,
      realState: 0,
      enableAmt: '0.00',
      userAmt: '0.00',
      frozenAmt: '0.00',
      agentId: null,
    });
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, r.data.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.online).toBe(true);
  });

  it('validates the phone and password, naming the field', async () => {
    const bad = (await appPost(t, '/app/user/register.do', { phone: '12345', password: 'secret-1' })).json();
    expect(bad).toEqual({ status: 2, msg: '参数错误：phone 手机号格式不正确', data: null });
    const en = (await appPost(t, '/app/user/register.do', { phone: '23800000000', password: 'secret-1' }, { lang: 'en-US' })).json();
    expect(en.msg).toBe('Invalid argument: phone is not a valid phone number');
    const short = (await appPost(t, '/app/user/register.do', { phone: newPhone(), password: '123' })).json();
    expect(short.status).toBe(2);
    expect(short.msg).toContain('password');
  });

  it('refuses a phone already registered', async () => {
    const u = await appUser(t);
    const r = (await appPost(t, '/app/user/register.do', { phone: u.phone, password: 'another-1' })).json();
    expect(r).toEqual({ status: 1, msg: '该手机号已注册', data: null });
  });

  it('registers under the agent of an invite code, and refuses an unknown or locked code', async () => {
    const agent = await makeAgentViaApi(t, admin.token);
    const u = await appUser(t, { inviteCode: agent.inviteCode.toLowerCase() });
    const info = (await appPost(t, '/app/user/info.do', {}, { usertoken: u.usertoken })).json();
    expect(info.data.agentId).toBe(agent.id);
    expect((await appPost(t, '/app/user/register.do', { phone: newPhone(), password: 'secret-1', inviteCode: 'ZZZZZZ' })).json().msg).toBe(
      '邀请码无效',
    );
    await t.app.inject({
      method: 'POST',
      url: '/admin/agent/update.do',
      headers: { admintoken: admin.token, 'content-type': 'application/json' },
      payload: { id: agent.id, locked: true },
    });
    expect(
      (await appPost(t, '/app/user/register.do', { phone: newPhone(), password: 'secret-1', inviteCode: agent.inviteCode })).json().msg,
    ).toBe('邀请码无效');
  });

  it('signs in and out; the token is stored as a hash and dies with logout', async () => {
    const u = await appUser(t);
    const r = (await appPost(t, '/app/user/login.do', { phone: u.phone, password: u.password }, { ip: '10.20.0.1' })).json();
    expect(r.status).toBe(0);
    const stored = await t.app.ctx.db.select().from(userSessions).where(eq(userSessions.userId, u.id));
    expect(stored.every((s) => /^[0-9a-f]{64}$/.test(s.tokenHash) && s.tokenHash !== r.data.token)).toBe(true);
    expect((await appPost(t, '/app/user/logout.do', {}, { usertoken: r.data.token })).json()).toMatchObject({
      status: 0,
      msg: '已退出登录',
    });
    expect((await appPost(t, '/app/user/info.do', {}, { usertoken: r.data.token })).json()).toEqual({
      status: 10,
      msg: '请先登录，无权限访问',
      data: null,
    });
    // the registration session is still alive
    expect((await appPost(t, '/app/user/info.do', {}, { usertoken: u.usertoken })).json().status).toBe(0);
  });

  it('gives one message for an unknown phone and a wrong password, and throttles after 5 failures', async () => {
    const u = await appUser(t);
    const unknown = (await appPost(t, '/app/user/login.do', { phone: newPhone(), password: 'x' }, { ip: '10.21.0.1' })).json();
    const wrong = (await appPost(t, '/app/user/login.do', { phone: u.phone, password: 'x' }, { ip: '10.21.0.2' })).json();
    expect(unknown).toEqual({ status: 1, msg: '手机号或密码错误', data: null });
    expect(wrong).toEqual(unknown);
    for (let i = 0; i < 4; i++) await appPost(t, '/app/user/login.do', { phone: u.phone, password: 'x' }, { ip: `10.21.1.${i}` });
    const r = (await appPost(t, '/app/user/login.do', { phone: u.phone, password: u.password }, { ip: '10.21.2.1' })).json();
    expect(r.msg).toBe('登录失败次数过多，请 15 分钟后再试');
  });

  it('refuses a login-locked or deleted user, and ends their sessions when locked by an admin', async () => {
    const u = await appUser(t);
    const r = (
      await t.app.inject({
        method: 'POST',
        url: '/admin/user/update.do',
        headers: { admintoken: admin.token, 'content-type': 'application/json' },
        payload: { id: u.id, loginLocked: true },
      })
    ).json();
    expect(r.status).toBe(0);
    expect((await appPost(t, '/app/user/info.do', {}, { usertoken: u.usertoken })).json().status).toBe(10);
    expect((await appPost(t, '/app/user/login.do', { phone: u.phone, password: u.password }, { ip: '10.22.0.1' })).json().msg).toBe(
      '账户已被锁定，请联系客服',
    );
  });

  it('refreshes cached sessions in one batch: it reads what the database holds and drops a session ended elsewhere', async () => {
    const [a, b] = [await appUser(t), await appUser(t)];
    for (const u of [a, b]) expect((await authenticateUser(t.app.ctx, u.usertoken))!.userId).toBe(u.id);
    // changed behind the cache's back (another instance whose signal was lost): the cache still serves what it read
    await t.app.ctx.db.update(users).set({ nickName: 'Renamed' }).where(eq(users.id, a.id));
    await t.app.ctx.db.update(userSessions).set({ revokedAt: new Date() }).where(eq(userSessions.userId, b.id));
    expect((await authenticateUser(t.app.ctx, a.usertoken))!.nickName).not.toBe('Renamed');
    expect(await authenticateUser(t.app.ctx, b.usertoken)).not.toBeNull();
    // the batch, run as it would be in the entries' last 1.5 s
    await userSessionCache(t.app.ctx).refreshDue(Date.now() + 4_000);
    // it stored what it read: a later change is not seen (no lookup of its own), the rename is
    await t.app.ctx.db.update(users).set({ nickName: 'Again' }).where(eq(users.id, a.id));
    expect((await authenticateUser(t.app.ctx, a.usertoken))!.nickName).toBe('Renamed');
    expect(await authenticateUser(t.app.ctx, b.usertoken)).toBeNull();
    expect((await appPost(t, '/app/user/info.do', {}, { usertoken: b.usertoken })).json().status).not.toBe(0);
  });

  it('does not accept an admin token as a user token, nor the reverse', async () => {
    const u = await appUser(t);
    expect((await appPost(t, '/app/user/info.do', {}, { usertoken: admin.token })).json().status).toBe(10);
    const r = await t.app.inject({ method: 'POST', url: '/admin/user/list.do', headers: { admintoken: u.usertoken } });
    expect(r.json().status).toBe(10);
  });

  it('changes the password and ends the other sessions', async () => {
    const u = await appUser(t);
    const other = (await appPost(t, '/app/user/login.do', { phone: u.phone, password: u.password }, { ip: '10.23.0.1' })).json().data.token;
    expect(
      (
        await appPost(t, '/app/user/updatePassword.do', { oldPassword: 'wrong', newPassword: 'new-pass-1' }, { usertoken: u.usertoken })
      ).json().msg,
    ).toBe('原密码错误');
    expect(
      (
        await appPost(t, '/app/user/updatePassword.do', { oldPassword: u.password, newPassword: 'new-pass-1' }, { usertoken: u.usertoken })
      ).json().status,
    ).toBe(0);
    expect((await appPost(t, '/app/user/info.do', {}, { usertoken: other })).json().status).toBe(10);
    expect((await appPost(t, '/app/user/info.do', {}, { usertoken: u.usertoken })).json().status).toBe(0);
    expect((await appPost(t, '/app/user/login.do', { phone: u.phone, password: 'new-pass-1' }, { ip: '10.23.0.2' })).json().status).toBe(0);
  });
});

describe('real-name submission', () => {
  it('stores the details and photos, moves to pending and raises IDVERIFY_SUBMIT and REAL_CHANGE', async () => {
    const u = await appUser(t);
    const events: DomainEvent[] = [];
    const listener = (e: DomainEvent) => events.push(e);
    t.app.ctx.hooks.on('notify', listener);
    const r = await postMultipart(
      t,
      '/app/user/realName.do',
      { realName: '张三', idNumber: '11010519491231002x', idFront: png(), idBack: png() },
      { usertoken: u.usertoken },
    );
    t.app.ctx.hooks.off('notify', listener);
    expect(r.json()).toMatchObject({
      status: 0,
      msg: '实名信息已提交，请等待审核',
      data: { realState: 1, realName: '张三', idNumber: '110***********002X' },
    });
    expect(events.map((e) => e.type)).toEqual(['IDVERIFY_SUBMIT', 'REAL_CHANGE']);
    expect(events[0]).toMatchObject({ userId: u.id, data: { id: u.id, userId: u.id, userName: '张三', phone: u.phone } });
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.idNumberSealed).not.toContain('11010519491231002');
    expect(t.app.ctx.secrets.open(row!.idNumberSealed!)).toBe('11010519491231002X');
    // the user can read their own photo back
    const img = await t.app.inject({ method: 'GET', url: `/app/user/file/${row!.idFront}`, headers: { usertoken: u.usertoken } });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    const other = await appUser(t);
    expect(
      (await t.app.inject({ method: 'GET', url: `/app/user/file/${row!.idFront}`, headers: { usertoken: other.usertoken } })).statusCode,
    ).toBe(404);
    // a second submission while pending is refused
    const again = await postMultipart(
      t,
      '/app/user/realName.do',
      { realName: '张三', idNumber: '110105194912310021', idFront: png(), idBack: png() },
      { usertoken: u.usertoken },
    );
    expect(again.json()).toMatchObject({ status: 1, msg: '实名认证审核中或已通过，不能重复提交' });
  });

  it('refuses a file that is not an image whatever its name, and a bad ID number', async () => {
    const u = await appUser(t);
    const fake = { filename: 'id.png', contentType: 'image/png', data: Buffer.from('%PDF-1.4 not an image at all') };
    const r = await postMultipart(
      t,
      '/app/user/realName.do',
      { realName: '李四', idNumber: '110105194912310021', idFront: fake, idBack: png() },
      { usertoken: u.usertoken },
    );
    expect(r.json()).toMatchObject({ status: 1, msg: '只能上传 JPEG、PNG、GIF 或 WebP 图片' });
    const bad = await postMultipart(
      t,
      '/app/user/realName.do',
      { realName: '李四', idNumber: '12345', idFront: png(), idBack: png() },
      { usertoken: u.usertoken },
    );
    expect(bad.json()).toMatchObject({ status: 2, msg: '参数错误：idNumber 身份证号格式不正确' });
    const missing = (
      await appPost(t, '/app/user/realName.do', { realName: '李四', idNumber: '110105194912310021' }, { usertoken: u.usertoken })
    ).json();
    expect(missing).toMatchObject({ status: 2, msg: '参数错误：idFront 不能为空' });
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, u.id));
    expect(row!.realState).toBe(0);
  });

  it('allows a new submission after a rejection', async () => {
    const u = await appUser(t);
    await postMultipart(
      t,
      '/app/user/realName.do',
      { realName: '王五', idNumber: '110105194912310021', idFront: png(), idBack: png() },
      { usertoken: u.usertoken },
    );
    const rej = (
      await t.app.inject({
        method: 'POST',
        url: '/admin/user/authByAdmin.do',
        headers: { admintoken: admin.token, 'content-type': 'application/json' },
        payload: { id: u.id, state: 3, reason: '照片模糊' },
      })
    ).json();
    expect(rej.status).toBe(0);
    const info = (await appPost(t, '/app/user/info.do', {}, { usertoken: u.usertoken })).json();
    expect(info.data).toMatchObject({ realState: 3, realRejectReason: '照片模糊' });
    const again = await postMultipart(
      t,
      '/app/user/realName.do',
      { realName: '王五', idNumber: '110105194912310021', idFront: png(), idBack: png() },
      { usertoken: u.usertoken },
    );
    expect(again.json().data).toMatchObject({ realState: 1, realRejectReason: null });
  });
});

describe('bank cards', () => {
  it('adds, lists (masked) and replaces cards; limits and duplicates are refused', async () => {
    const u = await appUser(t);
    const add = (
      await appPost(
        t,
        '/app/user/bank/save.do',
        { bankName: '工商银行', branch: '北京分行', cardNo: '6222 0212 3456 7890', holderName: '赵六' },
        { usertoken: u.usertoken },
      )
    ).json();
    expect(add).toMatchObject({ status: 0, data: { bankName: '工商银行', cardNoMasked: '**** **** **** 7890', holderName: '赵六' } });
    const dup = (
      await appPost(
        t,
        '/app/user/bank/save.do',
        { bankName: '工商银行', cardNo: '6222021234567890', holderName: '赵六' },
        { usertoken: u.usertoken },
      )
    ).json();
    expect(dup.msg).toBe('该银行卡已绑定');
    const rep = (
      await appPost(
        t,
        '/app/user/bank/save.do',
        { id: add.data.id, bankName: '建设银行', cardNo: '6217000011112222', holderName: '赵六' },
        { usertoken: u.usertoken },
      )
    ).json();
    expect(rep.data).toMatchObject({ id: add.data.id, bankName: '建设银行', cardNoMasked: '**** **** **** 2222' });
    for (let i = 0; i < 4; i++) {
      expect(
        (
          await appPost(
            t,
            '/app/user/bank/save.do',
            { bankName: 'B', cardNo: `62170000111100${i}0`, holderName: '赵六' },
            { usertoken: u.usertoken },
          )
        ).json().status,
      ).toBe(0);
    }
    const limit = (
      await appPost(
        t,
        '/app/user/bank/save.do',
        { bankName: 'B', cardNo: '6217000011119999', holderName: '赵六' },
        { usertoken: u.usertoken },
      )
    ).json();
    expect(limit.msg).toBe('每个用户最多绑定 5 张银行卡');
    const list = (await appPost(t, '/app/user/bank/list.do', {}, { usertoken: u.usertoken })).json();
    expect(list.data).toHaveLength(5);
    expect(JSON.stringify(list.data)).not.toContain('6217000011112222');
    const bad = (
      await appPost(t, '/app/user/bank/save.do', { bankName: 'B', cardNo: '12ab', holderName: '赵六' }, { usertoken: u.usertoken })
    ).json();
    expect(bad).toMatchObject({ status: 2, msg: '参数错误：cardNo 银行卡号格式不正确（12 到 19 位数字）' });
    // another user cannot replace this user's card
    const other = await appUser(t);
    const steal = (
      await appPost(
        t,
        '/app/user/bank/save.do',
        { id: add.data.id, bankName: 'X', cardNo: '6217000011113333', holderName: 'X' },
        { usertoken: other.usertoken },
      )
    ).json();
    expect(steal.msg).toBe('银行卡不存在');
  });

  it('requires the verified real name as holder once approved', async () => {
    const u = await appUser(t);
    await postMultipart(
      t,
      '/app/user/realName.do',
      { realName: '钱七', idNumber: '110105194912310021', idFront: png(), idBack: png() },
      { usertoken: u.usertoken },
    );
    await t.app.inject({
      method: 'POST',
      url: '/admin/user/authByAdmin.do',
      headers: { admintoken: admin.token, 'content-type': 'application/json' },
      payload: { id: u.id, state: 2 },
    });
    const wrong = (
      await appPost(
        t,
        '/app/user/bank/save.do',
        { bankName: 'B', cardNo: '6217000011114444', holderName: '别人' },
        { usertoken: u.usertoken },
      )
    ).json();
    expect(wrong.msg).toBe('持卡人必须与实名认证姓名一致');
    const r = (
      await appPost(t, '/app/user/bank/save.do', { bankName: 'B', cardNo: '6217000011114444' }, { usertoken: u.usertoken })
    ).json();
    expect(r.data.holderName).toBe('钱七');
  });
});

describe('own balances and fund records', () => {
  it('lists only the caller’s records, newest first, filterable by type', async () => {
    const u = await appUser(t);
    const other = await appUser(t);
    await ledgerPost(t.app.ctx.db, u.id, [
      { type: 'recharge', amount: '100' },
      { type: 'fee', amount: '-1.5' },
    ]);
    await ledgerPost(t.app.ctx.db, other.id, [{ type: 'recharge', amount: '7' }]);
    const r = (await appPost(t, '/app/user/funds.do', { pageNum: 1, pageSize: 10 }, { usertoken: u.usertoken })).json();
    expect(r.data.total).toBe(2);
    expect(r.data.list.map((x: { type: string; amount: string; enableAmtAfter: string }) => [x.type, x.amount, x.enableAmtAfter])).toEqual([
      ['fee', '-1.50', '98.50'],
      ['recharge', '100.00', '100.00'],
    ]);
    const fees = (await appPost(t, '/app/user/funds.do', { type: 'recharge' }, { usertoken: u.usertoken })).json();
    expect(fees.data.total).toBe(1);
    const info = (await appPost(t, '/app/user/info.do', {}, { usertoken: u.usertoken })).json();
    expect(info.data).toMatchObject({ userAmt: '98.50', enableAmt: '98.50', frozenAmt: '0.00' });
    const log = rows<{ n: number }>(await t.app.ctx.db.execute(sql`SELECT count(*)::int AS n FROM user_login_log WHERE user_id = ${u.id}`));
    expect(log[0]!.n).toBeGreaterThan(0);
  });

  it('publishes the app, user, agent and cash endpoints in the OpenAPI document', async () => {
    // the document is for signed-in admins (API_DOCS, issue 26)
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { admintoken: admin.token } })).json();
    for (const p of ['/app/user/register.do', '/app/user/realName.do', '/admin/user/list.do', '/admin/agent/add.do', '/admin/cash/list.do'])
      expect(doc.paths[p]).toBeDefined();
  });

  it('keeps the ledger balanced at the end of the suite', async () => {
    await expectLedgerBalanced(t);
  });
});
