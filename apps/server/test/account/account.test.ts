import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { adminAccounts } from '../../src/modules/_kit/parties.js';
import { iosPushSettings } from '../../src/modules/account/tables.js';
import { pushLog } from '../../src/modules/logs/tables.js';
import { rows } from '../../src/db/rows.js';
import { totpCode } from '../../src/lib/totp.js';
import { setPushProvider, logPushProvider } from '../../src/modules/logs/push.js';
import type { SessionsRevoked } from '../../src/app/context.js';
import { createTestApp, login, post, signedIn, type TestApp } from '../helpers.js';
import { multipart, oplogRows, oplogText, superUser, tokenStatus } from '../admins/admins-helpers.js';

let t: TestApp;
const revoked: SessionsRevoked[] = [];
beforeAll(async () => {
  t = await createTestApp();
  t.app.ctx.hooks.on('sessionsRevoked', (e) => revoked.push(e));
});
afterAll(() => t.close());

const call = (url: string, body: Record<string, unknown>, token: string, extra: { json?: boolean; lang?: string; ip?: string } = {}) =>
  post(t, `/admin/account/${url}`, body, { token, ...extra });

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const p8 = () => generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

describe('basic settings', () => {
  it('reads and edits the display name, language, e-mail and phone', async () => {
    const s = await signedIn(t, 'support');
    const p = (await call('profile.do', {}, s.token)).json();
    expect(p.data).toMatchObject({ id: s.id, adminUtopia: s.username, roleName: '客服', googleEnabled: false, isSuper: false });
    const r = (await call('updateBasic.do', { adminName: '小王', lang: 'en-US', email: 'w@x.io', phone: '13712345678' }, s.token)).json();
    expect(r.data).toMatchObject({ adminName: '小王', lang: 'en-US', email: 'w@x.io', phone: '13712345678' });
    // the header and user info see the new name at once
    const info = (await t.app.inject({ method: 'GET', url: '/api/user/info', headers: { admintoken: s.token } })).json();
    expect(info.data).toMatchObject({ name: '小王', lang: 'en-US' });
    expect((await post(t, '/admin/system/current.do', {}, { token: s.token })).json().data.list[0].adminName).toBe('小王');
    expect((await call('updateBasic.do', { email: 'nope' }, s.token)).json()).toMatchObject({
      status: 2,
      msg: '参数错误：email 邮箱格式不正确',
    });
    expect((await call('updateBasic.do', { lang: 'fr-FR' }, s.token)).json().status).toBe(2);
    const log = (await oplogRows(t, '/admin/account/updateBasic.do')).find((l) => l.result === 'ok')!;
    expect(log.summary).toMatchObject({ before: { adminName: `Test ${s.username}` }, after: { adminName: '小王' } });
  });

  it('uploads an avatar (multipart), served back as an image; refuses other files', async () => {
    const s = await signedIn(t, 'support');
    const r = (
      await multipart(
        t,
        '/admin/account/uploadAvatar.do',
        {},
        { file: { filename: 'me.png', type: 'image/png', data: PNG } },
        { token: s.token },
      )
    ).json();
    expect(r.status).toBe(0);
    expect(r.data.avatar).toMatch(new RegExp(`^/api/adminUser/avatar/${s.id}\\?v=\\d+$`));
    const img = await t.app.inject({ method: 'GET', url: r.data.avatar });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(PNG)).toBe(true);
    expect((await call('profile.do', {}, s.token)).json().data.avatar).toBe(r.data.avatar);
    const fake = await multipart(
      t,
      '/admin/account/uploadAvatar.do',
      {},
      { file: { filename: 'x.png', type: 'image/png', data: Buffer.from('<svg onload=alert(1)>') } },
      { token: s.token },
    );
    expect(fake.json()).toMatchObject({ status: 1, msg: '头像须为 PNG、JPEG、GIF 或 WebP 图片' });
    const big = await multipart(
      t,
      '/admin/account/uploadAvatar.do',
      {},
      { file: { filename: 'b.png', type: 'image/png', data: Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]) } },
      { token: s.token },
    );
    expect(big.json().msg).toBe('头像不能超过 1024 KB');
    expect((await call('uploadAvatar.do', { file: 'not a file' }, s.token)).json().status).toBe(2);
    expect((await t.app.inject({ method: 'GET', url: '/api/adminUser/avatar/999999' })).statusCode).toBe(404);
    const log = (await oplogRows(t, '/admin/account/uploadAvatar.do')).find((l) => l.result === 'ok')!;
    expect(log.summary.input).toEqual({ file: { file: 'me.png', bytes: PNG.length } });
  });
});

describe('security settings', () => {
  it('changes the password after checking the current one and ends the other sessions', async () => {
    const s = await signedIn(t, 'support');
    const other = await signedIn(t, 'support');
    t.app.ctx.config.SINGLE_SESSION = false;
    const second = await login(t, s.username, s.password);
    t.app.ctx.config.SINGLE_SESSION = true;
    expect(
      (
        await call('updatePassword.do', { oldPassword: 'nope', newPassword: 'n3w-password', confirmPassword: 'n3w-password' }, s.token)
      ).json(),
    ).toMatchObject({
      status: 1,
      msg: '当前密码不正确',
    });
    expect(
      (await call('updatePassword.do', { oldPassword: s.password, newPassword: 'n3w-password', confirmPassword: 'other' }, s.token)).json()
        .msg,
    ).toBe('参数错误：confirmPassword 两次输入的密码不一致');
    expect(
      (await call('updatePassword.do', { oldPassword: s.password, newPassword: '12345', confirmPassword: '12345' }, s.token)).json().status,
    ).toBe(2);
    expect(
      (await call('updatePassword.do', { oldPassword: s.password, newPassword: s.password, confirmPassword: s.password }, s.token)).json()
        .msg,
    ).toBe('新密码不能与当前密码相同');
    revoked.length = 0;
    const ok = (
      await call('updatePassword.do', { oldPassword: s.password, newPassword: 'n3w-password', confirmPassword: 'n3w-password' }, s.token)
    ).json();
    expect(ok).toEqual({ status: 0, msg: '密码已修改，其他设备上的登录已退出', data: null });
    expect(await tokenStatus(t, s.token)).toBe(0);
    expect(await tokenStatus(t, second)).toBe(10);
    expect(await tokenStatus(t, other.token)).toBe(0);
    expect(revoked).toEqual([expect.objectContaining({ adminId: s.id, reason: 'password' })]);
    expect(await login(t, s.username, 'n3w-password')).toBeTruthy();
    const text = await oplogText(t);
    expect(text).not.toContain('n3w-password');
    expect(text).not.toContain(s.password);
  });

  it('stops guessing the current password after 5 failures in 15 minutes', async () => {
    const s = await signedIn(t, 'support');
    for (let i = 0; i < 5; i++)
      await call('updatePassword.do', { oldPassword: `guess${i}`, newPassword: 'abcdefg', confirmPassword: 'abcdefg' }, s.token);
    const r = (
      await call('updatePassword.do', { oldPassword: s.password, newPassword: 'abcdefg', confirmPassword: 'abcdefg' }, s.token)
    ).json();
    expect(r.msg).toBe('当前密码错误次数过多，请 15 分钟后再试');
  });

  it('enrols two-factor: secret once, enable with a code, sign-in asks for it, disable needs a fresh code', async () => {
    const s = await signedIn(t, 'support');
    const g = (await call('getGoogle.do', {}, s.token)).json();
    expect(g.data).toMatchObject({ issuer: 'Stock Admin', account: s.username });
    const secret = g.data.secret as string;
    expect((await call('profile.do', {}, s.token)).json().data).toMatchObject({ googleEnabled: false, googlePending: true });
    const code = await totpCode(secret);
    expect(
      (await call('updateGoogle.do', { action: 'enable', googleCode: code === '000000' ? '111111' : '000000' }, s.token)).json().msg,
    ).toBe('谷歌验证码错误或已使用');
    expect((await call('updateGoogle.do', { action: 'enable', googleCode: code }, s.token)).json().data.googleEnabled).toBe(true);
    // no second secret while it is on
    expect((await call('getGoogle.do', {}, s.token)).json().msg).toBe('谷歌验证器已开启');
    const [row] = await t.app.ctx.db.select().from(adminAccounts).where(eq(adminAccounts.id, s.id));
    expect(row!.totpSecret).toMatch(/^v1:/);
    const needs = (await post(t, '/api/adminUser/login.do', { username: s.username, password: s.password }, { ip: '10.95.0.1' })).json();
    expect(needs.data).toEqual({ needGoogleCode: true });
    // disabling needs a fresh code: the one used to enable is spent
    expect((await call('updateGoogle.do', { action: 'disable', googleCode: code }, s.token)).json().msg).toBe('谷歌验证码错误或已使用');
    const next = await totpCode(secret, Date.now() + 30_000);
    expect((await call('updateGoogle.do', { action: 'disable', googleCode: next }, s.token)).json().data.googleEnabled).toBe(false);
    expect((await call('updateGoogle.do', { action: 'disable', googleCode: next }, s.token)).json().msg).toBe('谷歌验证器未开启');
    expect(await oplogText(t)).not.toContain(secret);
  });
});

describe('iOS push settings (super-user only)', () => {
  it('refuses a non-super admin on every iOS push endpoint, whatever the request shape', async () => {
    for (const role of ['admin', 'super']) {
      const s = await signedIn(t, role);
      for (const url of ['getIosPush.do', 'updateIosPush.do', 'testIosPush.do']) {
        const body = {
          keyId: 'ABCDE12345',
          teamId: 'TEAM123456',
          bundleId: 'com.x.app',
          production: 'false',
          keyText: p8(),
          deviceToken: 'ab'.repeat(32),
        };
        for (const json of [false, true]) {
          const r = await call(url, body, s.token, { json });
          expect(r.statusCode, url).toBe(403);
          expect(r.json().msg).toBe('无权限：仅超级管理员可操作');
        }
        const m = await multipart(
          t,
          `/admin/account/${url}`,
          { keyId: 'ABCDE12345' },
          { keyFile: { filename: 'AuthKey.p8', type: 'application/octet-stream', data: Buffer.from(p8()) } },
          { token: s.token },
        );
        expect(m.statusCode).toBe(403);
      }
    }
    expect(await t.app.ctx.db.select().from(iosPushSettings)).toEqual([]);
  });

  it('stores the key file encrypted, never returns it, and sends a test push through the provider', async () => {
    const su = await superUser(t);
    expect((await call('getIosPush.do', {}, su.token)).json().data).toEqual({
      keyId: '',
      teamId: '',
      bundleId: '',
      production: false,
      hasKey: false,
      keyFingerprint: null,
      updatedAt: null,
    });
    expect((await call('testIosPush.do', { deviceToken: 'ab'.repeat(32) }, su.token)).json().msg).toBe('请先保存 iOS 推送设置');
    expect(
      (
        await call('updateIosPush.do', { keyId: 'ABCDE12345', teamId: 'TEAM123456', bundleId: 'com.x.app', production: false }, su.token)
      ).json().msg,
    ).toBe('请上传 APNs 密钥文件（.p8）');
    const pem = p8();
    const up = await multipart(
      t,
      '/admin/account/updateIosPush.do',
      { keyId: 'ABCDE12345', teamId: 'TEAM123456', bundleId: 'com.stock.app', production: 'true' },
      { keyFile: { filename: 'AuthKey_ABCDE12345.p8', type: 'application/octet-stream', data: Buffer.from(pem) } },
      { token: su.token },
    );
    const saved = up.json();
    expect(saved.status).toBe(0);
    expect(saved.data).toMatchObject({
      keyId: 'ABCDE12345',
      teamId: 'TEAM123456',
      bundleId: 'com.stock.app',
      production: true,
      hasKey: true,
    });
    expect(saved.data.keyFingerprint).toMatch(/^[0-9a-f]{16}$/);
    const body = pem.split('\n')[1]!;
    expect(JSON.stringify(saved)).not.toContain(body);
    const [row] = await t.app.ctx.db.select().from(iosPushSettings);
    expect(row!.keySealed).toMatch(/^v1:/);
    expect(row!.keySealed).not.toContain(body);
    expect(t.app.ctx.secrets.open(row!.keySealed!)).toBe(pem.trim());
    // other fields change without re-uploading the key
    const keep = (
      await call(
        'updateIosPush.do',
        { keyId: 'ABCDE12345', teamId: 'TEAM123456', bundleId: 'com.stock.app2', production: false },
        su.token,
        { json: true },
      )
    ).json();
    expect(keep.data).toMatchObject({
      bundleId: 'com.stock.app2',
      production: false,
      hasKey: true,
      keyFingerprint: saved.data.keyFingerprint,
    });
    // a key that is not an APNs (EC P-256) key
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    for (const keyText of [rsa, 'garbage']) {
      expect(
        (
          await call(
            'updateIosPush.do',
            { keyId: 'ABCDE12345', teamId: 'TEAM123456', bundleId: 'com.x.app', production: false, keyText },
            su.token,
          )
        ).json().msg,
      ).toBe('APNs 密钥无效：须为 .p8 格式的 EC（P-256）私钥');
    }
    expect(
      (await call('updateIosPush.do', { keyId: 'short', teamId: 'TEAM123456', bundleId: 'com.x.app', production: false }, su.token)).json()
        .msg,
    ).toBe('参数错误：keyId 须为 10 位大写字母或数字');

    const token = 'ab'.repeat(32);
    const sent = (await call('testIosPush.do', { deviceToken: token, title: 'Hi' }, su.token)).json();
    expect(sent).toMatchObject({ status: 0, msg: '测试推送已发送', data: { provider: 'log', result: 'sent', error: null } });
    const [p] = await t.app.ctx.db.select().from(pushLog).where(eq(pushLog.id, sent.data.logId));
    expect(p).toMatchObject({ platform: 'ios', title: 'Hi', body: 'Test push', provider: 'log', result: 'sent', adminId: su.id });
    expect(p!.target).not.toBe(token);
    expect((await call('testIosPush.do', { deviceToken: 'xyz' }, su.token)).json().status).toBe(2);

    // a failing provider: refused with the reason, logged as failed
    setPushProvider({ name: 'apns', send: async () => ({ ok: false, error: 'BadDeviceToken' }) });
    try {
      const failed = (await call('testIosPush.do', { deviceToken: token }, su.token)).json();
      expect(failed).toMatchObject({ status: 1, msg: '测试推送发送失败：BadDeviceToken', data: { provider: 'apns', result: 'failed' } });
    } finally {
      setPushProvider(logPushProvider);
    }

    const text = await oplogText(t);
    expect(text).not.toContain(body);
    expect(text).not.toContain(token);
    const log = (await oplogRows(t, '/admin/account/updateIosPush.do')).filter((l) => l.result === 'ok');
    expect(log[0]!.summary.after).toMatchObject({ team: 'TEAM123456', bundle: 'com.stock.app', uploaded: true });
  });

  it('writes an operation-log row for every account mutation', async () => {
    for (const a of [
      'updateBasic.do',
      'uploadAvatar.do',
      'updatePassword.do',
      'getGoogle.do',
      'updateGoogle.do',
      'updateIosPush.do',
      'testIosPush.do',
    ]) {
      expect((await oplogRows(t, `/admin/account/${a}`)).length, a).toBeGreaterThan(0);
    }
    const n = rows<{ n: number }>(
      await t.app.ctx.db.execute(sql`SELECT count(*)::int AS n FROM operation_log WHERE module = 'account'`),
    )[0]!.n;
    expect(n).toBeGreaterThan(10);
  });
});
