import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { eq } from 'drizzle-orm';
import { admins } from '../../src/modules/_kit/parties.js';
import { adminSessions } from '../../src/modules/session/tables.js';
import { rows } from '../../src/db/rows.js';
import { totpCode, newTotpSecret } from '../../src/lib/totp.js';
import { createTestApp, get, login, makeAdmin, post, signedIn, type TestApp } from '../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const loginCall = (body: Record<string, unknown>, opts: { lang?: string; ip?: string; json?: boolean } = {}) =>
  post(t, '/api/adminUser/login.do', body, opts);

describe('sign-in', () => {
  it('returns token, expireTime and id for good credentials', async () => {
    const a = await makeAdmin(t);
    const before = Date.now();
    const r = await loginCall({ username: a.username, password: a.password }, { ip: '10.0.0.1' });
    const b = r.json();
    expect(b.status).toBe(0);
    expect(b.data.id).toBe(a.id);
    expect(b.data.token).toMatch(/^[\w-]{43}$/);
    // 12 h default lifetime
    expect(b.data.expireTime).toBeGreaterThanOrEqual(before + 12 * 3600_000 - 1000);
    expect(b.data.expireTime).toBeLessThanOrEqual(Date.now() + 12 * 3600_000 + 1000);
  });

  it('gives the same message for an unknown user and a wrong password, in both languages', async () => {
    const a = await makeAdmin(t);
    const bad = (await loginCall({ username: a.username, password: 'wrong' }, { ip: '10.0.1.1' })).json();
    const unknown = (await loginCall({ username: 'nobody-here', password: 'x' }, { ip: '10.0.1.2' })).json();
    expect(bad).toEqual({ status: 1, msg: '账户或密码错误', data: null });
    expect(unknown).toEqual(bad);
    const en = (await loginCall({ username: a.username, password: 'wrong' }, { lang: 'en-US', ip: '10.0.1.3' })).json();
    expect(en.msg).toBe('Incorrect account or password');
  });

  it('accepts JSON bodies as well as forms', async () => {
    const a = await makeAdmin(t);
    const r = (await loginCall({ username: a.username, password: a.password }, { json: true, ip: '10.0.2.1' })).json();
    expect(r.status).toBe(0);
  });

  it('accepts multipart bodies', async () => {
    const a = await makeAdmin(t);
    const boundary = '----x';
    const payload =
      `--${boundary}\r\nContent-Disposition: form-data; name="username"\r\n\r\n${a.username}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="password"\r\n\r\n${a.password}\r\n--${boundary}--\r\n`;
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/adminUser/login.do',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
      remoteAddress: '10.0.2.2',
    });
    expect(r.json().status).toBe(0);
  });

  it('refuses a locked account with its own message', async () => {
    const a = await makeAdmin(t);
    await t.app.ctx.db.update(admins).set({ locked: true }).where(eq(admins.id, a.id));
    const r = (await loginCall({ username: a.username, password: a.password }, { ip: '10.0.3.1' })).json();
    expect(r.status).toBe(1);
    expect(r.msg).toBe('账户已被锁定，请联系超级管理员');
  });

  it('makes an address that keeps failing wait, longer each time (guessing)', async () => {
    const a = await makeAdmin(t);
    for (let i = 0; i < 5; i++) {
      const r = (await loginCall({ username: a.username, password: 'nope' }, { ip: '10.1.0.1' })).json();
      expect(r.msg).toBe('账户或密码错误');
    }
    // the fifth failure: this address waits 1 minute, even with the right password
    const r = (await loginCall({ username: a.username, password: a.password }, { ip: '10.1.0.1' })).json();
    expect(r).toMatchObject({ status: 1, msg: '登录失败次数过多，请 1 分钟后再试' });
    const results = rows<{ result: string }>(
      await t.app.ctx.db.execute(sql`SELECT result FROM login_log WHERE ip = '10.1.0.1' ORDER BY id`),
    ).map((x) => x.result);
    expect(results).toEqual(['bad_password', 'bad_password', 'bad_password', 'bad_password', 'bad_password', 'lock_ip', 'throttled']);
    // a minute later it may try once more; another failure makes it wait 2 minutes, then 4
    const age = (s: number) =>
      t.app.ctx.db.execute(sql`UPDATE login_log SET created_at = created_at - make_interval(secs => ${s}) WHERE ip = '10.1.0.1'`);
    await age(61);
    expect((await loginCall({ username: a.username, password: 'nope' }, { ip: '10.1.0.1' })).json().msg).toBe('账户或密码错误');
    expect((await loginCall({ username: a.username, password: a.password }, { ip: '10.1.0.1' })).json().msg).toBe(
      '登录失败次数过多，请 2 分钟后再试',
    );
    await age(121);
    await loginCall({ username: a.username, password: 'nope' }, { ip: '10.1.0.1' });
    expect((await loginCall({ username: a.username, password: a.password }, { ip: '10.1.0.1', lang: 'en-US' })).json().msg).toBe(
      'Too many failed sign-in attempts; try again in 4 min',
    );
    // failures older than the window no longer count
    await t.app.ctx.db.execute(sql`UPDATE login_log SET created_at = now() - interval '16 minutes' WHERE ip = '10.1.0.1'`);
    expect((await loginCall({ username: a.username, password: a.password }, { ip: '10.1.0.1' })).json().status).toBe(0);
  });

  it("lets no stranger lock an operator out: failures from other addresses do not stop the operator's usual address", async () => {
    const a = await makeAdmin(t);
    expect((await loginCall({ username: a.username, password: a.password }, { ip: '10.5.0.1' })).json().status).toBe(0);
    // an attacker spreads 30 wrong passwords over 15 addresses (2 each: no address is held back)
    for (let i = 0; i < 30; i++) await loginCall({ username: a.username, password: `guess${i}` }, { ip: `10.6.0.${i % 15}` });
    // the operator, from the address they sign in from, is let in
    expect((await loginCall({ username: a.username, password: a.password }, { ip: '10.5.0.1' })).json().status).toBe(0);
    // an address the account never signed in from is not, even with the right password
    const stranger = (await loginCall({ username: a.username, password: a.password }, { ip: '10.7.0.1' })).json();
    expect(stranger).toMatchObject({ status: 1, msg: '该账号近期登录失败过多，请从常用地址登录，或请管理员解除锁定' });
    const locks = rows<{ n: number }>(
      await t.app.ctx.db.execute(sql`SELECT count(*)::int AS n FROM login_log WHERE username = ${a.username} AND result = 'lock_account'`),
    );
    expect(locks[0]!.n).toBe(1);
    // an administrator forgives the failures: the new address may sign in, and the log says who unlocked it
    const boss = await signedIn(t, 'admin');
    const u = (await post(t, '/admin/system/unlockSignIn.do', { id: a.id }, { token: boss.token })).json();
    expect(u).toMatchObject({ status: 0, msg: '已解除登录限制' });
    const [row] = rows<{ user_agent: string }>(
      await t.app.ctx.db.execute(sql`SELECT user_agent FROM login_log WHERE username = ${a.username} AND result = 'unlock'`),
    );
    expect(row!.user_agent).toBe(`unlocked by ${boss.username}`);
    expect((await loginCall({ username: a.username, password: a.password }, { ip: '10.7.0.1' })).json().status).toBe(0);
    // unlocking needs the enable action on admin accounts
    const finance = await signedIn(t, 'finance');
    expect((await post(t, '/admin/system/unlockSignIn.do', { id: a.id }, { token: finance.token })).statusCode).toBe(403);
  });

  it('limits wrong authenticator codes on their own: 5 close the account to unknown addresses', async () => {
    const secret = newTotpSecret();
    const a = await makeAdmin(t);
    await t.app.ctx.db.update(admins).set({ totpEnabled: true, totpSecret: secret }).where(eq(admins.id, a.id));
    for (let i = 0; i < 5; i++) {
      const r = (await loginCall({ username: a.username, password: a.password, googleCode: '000000' }, { ip: `10.8.0.${i}` })).json();
      expect(r.msg).toBe('谷歌验证码错误或已使用');
    }
    const code = await totpCode(secret);
    const r = (await loginCall({ username: a.username, password: a.password, googleCode: code }, { ip: '10.8.1.1' })).json();
    expect(r.msg).toBe('该账号近期登录失败过多，请从常用地址登录，或请管理员解除锁定');
  });

  it('makes an address that fails across accounts wait', async () => {
    for (let i = 0; i < 5; i++) await loginCall({ username: `ghost${i}`, password: 'x' }, { ip: '10.2.0.9' });
    const a = await makeAdmin(t);
    const r = (await loginCall({ username: a.username, password: a.password }, { ip: '10.2.0.9', lang: 'en-US' })).json();
    expect(r.msg).toBe('Too many failed sign-in attempts; try again in 1 min');
    expect((await loginCall({ username: a.username, password: a.password }, { ip: '10.2.0.10' })).json().status).toBe(0);
  });

  it('writes every attempt to the login log', async () => {
    const a = await makeAdmin(t);
    await loginCall({ username: a.username, password: 'bad' }, { ip: '10.3.0.1' });
    await loginCall({ username: a.username, password: a.password }, { ip: '10.3.0.1' });
    const log = rows<{ result: string; ip: string; admin_id: number }>(
      await t.app.ctx.db.execute(sql`SELECT result, ip, admin_id FROM login_log WHERE username = ${a.username} ORDER BY id`),
    );
    expect(log.map((l) => l.result)).toEqual(['bad_password', 'ok']);
    expect(log.every((l) => l.ip === '10.3.0.1' && l.admin_id === a.id)).toBe(true);
  });

  it('requires, checks and never re-accepts the authenticator code when two-factor is on', async () => {
    const a = await makeAdmin(t);
    const secret = newTotpSecret();
    await t.app.ctx.db.update(admins).set({ totpEnabled: true, totpSecret: secret }).where(eq(admins.id, a.id));
    const ip = { ip: '10.4.0.1' };
    const missing = (await loginCall({ username: a.username, password: a.password }, ip)).json();
    expect(missing).toMatchObject({ status: 1, msg: '请输入谷歌验证码', data: { needGoogleCode: true } });
    const wrong = (
      await loginCall(
        { username: a.username, password: a.password, googleCode: '000000' === (await totpCode(secret)) ? '111111' : '000000' },
        ip,
      )
    ).json();
    expect(wrong.msg).toBe('谷歌验证码错误或已使用');
    const code = await totpCode(secret);
    expect((await loginCall({ username: a.username, password: a.password, googleCode: code }, ip)).json().status).toBe(0);
    const replay = (await loginCall({ username: a.username, password: a.password, googleCode: code }, ip)).json();
    expect(replay.msg).toBe('谷歌验证码错误或已使用');
    // a code from one step ago (clock drift) is accepted once the newer one is not yet used
    const b = await makeAdmin(t);
    await t.app.ctx.db.update(admins).set({ totpEnabled: true, totpSecret: secret }).where(eq(admins.id, b.id));
    const old = await totpCode(secret, Date.now() - 30_000);
    expect((await loginCall({ username: b.username, password: b.password, googleCode: old }, ip)).json().status).toBe(0);
  });

  it('rejects a bad field with status 2 naming it', async () => {
    const r = (await loginCall({ password: 'x' }, { ip: '10.5.0.1' })).json();
    expect(r).toEqual({ status: 2, msg: '参数错误：username 不能为空', data: null });
    const en = (await loginCall({ username: 'a', password: 'x', googleCode: 'abc' }, { ip: '10.5.0.1', lang: 'en-US' })).json();
    expect(en.status).toBe(2);
    expect(en.msg).toBe('Invalid argument: googleCode has an invalid format');
  });

  it('answers a malformed JSON body with status 2, not a 500', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/adminUser/login.do',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().status).toBe(2);
  });
});

describe('tokens', () => {
  it('answers status 10 with the spec message for a missing, unknown, expired or revoked token', async () => {
    const expectLogin = async (token: string | undefined, lang?: string) => {
      const r = await get(t, '/api/user/info', {}, { token, lang });
      expect(r.statusCode).toBe(200);
      return r.json();
    };
    expect(await expectLogin(undefined)).toEqual({ status: 10, msg: '请先登录，无权限访问', data: null });
    expect((await expectLogin(undefined, 'en-US')).msg).toBe('Please sign in first: access denied');
    expect((await expectLogin('not-a-real-token')).status).toBe(10);

    // a token past its lifetime (2 s here), also once it has been cached by an earlier call
    const short = await createTestApp({ TOKEN_TTL_HOURS: String(2 / 3600) });
    try {
      const a = await makeAdmin(short);
      const token = await login(short, a.username, a.password);
      expect((await get(short, '/api/user/info', {}, { token })).json().status).toBe(0);
      await new Promise((r) => setTimeout(r, 2100));
      expect((await get(short, '/api/user/info', {}, { token })).json()).toEqual({ status: 10, msg: '请先登录，无权限访问', data: null });
    } finally {
      await short.close();
    }

    const s2 = await signedIn(t);
    const out = (await post(t, '/api/adminUser/logout.do', {}, { token: s2.token })).json();
    expect(out.status).toBe(0);
    expect((await expectLogin(s2.token)).status).toBe(10);
  });

  it('ends the older session on a second sign-in (single session) and tells the realtime hub', async () => {
    const a = await makeAdmin(t);
    const events: unknown[] = [];
    t.app.ctx.hooks.on('sessionsRevoked', (e) => events.push(e));
    const first = await login(t, a.username, a.password);
    const second = await login(t, a.username, a.password);
    expect((await get(t, '/api/user/info', {}, { token: first })).json().status).toBe(10);
    expect((await get(t, '/api/user/info', {}, { token: second })).json().status).toBe(0);
    expect(events).toContainEqual(expect.objectContaining({ adminId: a.id, reason: 'kickout' }));
    const live = await t.app.ctx.db.select().from(adminSessions).where(eq(adminSessions.adminId, a.id));
    expect(live.filter((s) => !s.revokedAt)).toHaveLength(1);
  });

  it('stores only a hash of the token', async () => {
    const s = await signedIn(t);
    const stored = await t.app.ctx.db.select().from(adminSessions).where(eq(adminSessions.adminId, s.id));
    expect(stored[0]!.tokenHash).not.toContain(s.token);
    expect(stored[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('user info and site style', () => {
  it('returns the real role with permission entries', async () => {
    const s = await signedIn(t, 'finance');
    const r = (await get(t, '/api/user/info', {}, { token: s.token })).json();
    expect(r.data).toMatchObject({ id: s.id, username: s.username, isSuper: false, role: { name: '财务' } });
    const withdrawals = r.data.role.permissions.find((p: { permissionId: string }) => p.permissionId === 'withdrawallist');
    expect(withdrawals.actions).toContain('edit');
    // spec §3's permission entry, names included (issue 47: the grants-only shape broke outside clients)
    expect(withdrawals).toEqual({
      roleId: expect.any(Number),
      permissionId: 'withdrawallist',
      permissionName: '提现列表',
      actions: expect.arrayContaining(['query', 'edit']),
      actionEntitySet: expect.arrayContaining([{ action: 'edit', describe: '修改', defaultCheck: false }]),
    });
    expect(withdrawals.actionEntitySet.map((a: { action: string }) => a.action)).toEqual(withdrawals.actions);
    expect(r.data.role.permissions.find((p: { permissionId: string }) => p.permissionId === 'managelist')).toBeUndefined();
  });

  it('keeps the info answer under 4 KB transferred for the super account, in both languages, with every entry named', async () => {
    const own = await createTestApp({ SUPER_ACCOUNT: 'root4k' });
    try {
      const sup = await makeAdmin(own, 'admin', { username: 'root4k' });
      const token = await login(own, sup.username, sup.password);
      for (const lang of ['zh-CN', 'en-US']) {
        const r = await own.app.inject({
          method: 'GET',
          url: '/api/user/info',
          headers: { admintoken: token, lang, 'accept-encoding': 'gzip, deflate, br' },
        });
        expect(r.headers['content-encoding']).toBe('br');
        expect(r.rawPayload.length).toBeLessThanOrEqual(4096);
        const body = JSON.parse(brotliDecompressSync(r.rawPayload).toString('utf8'));
        expect(body.data.isSuper).toBe(true);
        expect(body.data.role.permissions).toHaveLength(28); // the spec's 25, approvals (issue 49), dailyclose (issue 50), corpactions (issue 62)
        for (const p of body.data.role.permissions) {
          expect(p.actions).toHaveLength(9);
          expect(p.permissionName).not.toBe('');
          expect(p.actionEntitySet).toHaveLength(9);
        }
        expect(body.data.role.permissions[0].actionEntitySet[0].describe).toBe(lang === 'zh-CN' ? '新增' : 'Add');
      }
    } finally {
      await own.close();
    }
  });

  it('serves the permission names once per version: an ETag, then 304 without a body; per language', async () => {
    const s = await signedIn(t, 'finance');
    const first = await get(t, '/api/user/catalogue', {}, { token: s.token });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.status).toBe(0);
    expect(body.data.permissions).toContainEqual({ key: 'withdrawallist', name: '提现列表' });
    expect(body.data.actions).toContainEqual({ action: 'edit', describe: '修改' });
    const etag = first.headers.etag as string;
    expect(etag).toBe(`"zh-CN-${body.data.version}"`);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const again = await t.app.inject({
      method: 'GET',
      url: '/api/user/catalogue',
      headers: { admintoken: s.token, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const en = await get(t, '/api/user/catalogue', {}, { token: s.token, lang: 'en-US' });
    expect(en.headers.etag).not.toBe(etag);
    expect(en.json().data.permissions).toContainEqual({ key: 'withdrawallist', name: expect.stringMatching(/^Withdraw/) });
    const stale = await t.app.inject({
      method: 'GET',
      url: '/api/user/catalogue',
      headers: { admintoken: s.token, lang: 'en-US', 'if-none-match': etag },
    });
    expect(stale.statusCode).toBe(200);

    // signed in only
    expect((await get(t, '/api/user/catalogue')).json().status).toBe(10);
  });

  it('saves, validates and merges the site style per admin', async () => {
    const s = await signedIn(t);
    const other = await signedIn(t);
    const set = await post(
      t,
      '/api/adminUser/setSiteStyle.do',
      { navTheme: 'light', primaryColor: '#ff0000', multiTab: false },
      { token: s.token, json: true },
    );
    expect(set.json().status).toBe(0);
    // form body with the style packed as one JSON string
    await post(t, '/api/adminUser/setSiteStyle.do', { siteStyle: JSON.stringify({ badges: [2, 21] }) }, { token: s.token });
    const got = (await post(t, '/api/adminUser/getSiteStyle.do', {}, { token: s.token })).json();
    expect(got.data).toEqual({ navTheme: 'light', primaryColor: '#ff0000', multiTab: false, badges: [2, 21] });
    expect((await post(t, '/api/adminUser/getSiteStyle.do', {}, { token: other.token })).json().data).toEqual({});
    const bad = (await post(t, '/api/adminUser/setSiteStyle.do', { primaryColor: 'red' }, { token: s.token, json: true })).json();
    expect(bad.status).toBe(2);
    expect(bad.msg).toContain('primaryColor');
    // the market's colours (issue 65): the colour-blind-safe pair is kept with the rest; an unknown palette is refused
    expect((await post(t, '/api/adminUser/setSiteStyle.do', { palette: 'blueOrange' }, { token: s.token, json: true })).json().status).toBe(
      0,
    );
    expect((await post(t, '/api/adminUser/getSiteStyle.do', {}, { token: s.token })).json().data).toMatchObject({
      palette: 'blueOrange',
      badges: [2, 21],
    });
    const badPalette = (await post(t, '/api/adminUser/setSiteStyle.do', { palette: 'purple' }, { token: s.token, json: true })).json();
    expect(badPalette.status).toBe(2);
    expect(badPalette.msg).toContain('palette');
    // the lists' letter shortcuts, switched off per operator (issue 65): kept as a boolean, anything else refused
    expect((await post(t, '/api/adminUser/setSiteStyle.do', { shortcuts: false }, { token: s.token, json: true })).json().status).toBe(0);
    expect((await post(t, '/api/adminUser/getSiteStyle.do', {}, { token: s.token })).json().data).toMatchObject({
      shortcuts: false,
      palette: 'blueOrange',
    });
    const badKeys = (await post(t, '/api/adminUser/setSiteStyle.do', { shortcuts: 'off' }, { token: s.token, json: true })).json();
    expect(badKeys.status).toBe(2);
    expect(badKeys.msg).toContain('shortcuts');
  });

  it('serves the public site configuration without a token', async () => {
    const r = (await get(t, '/api/config/querySysConfig')).json();
    expect(r.status).toBe(0);
    expect(r.data.title).toEqual({ 'zh-CN': '股票管理后台', 'en-US': 'Stock Admin' });
    expect(r.data.languages).toEqual(['zh-CN', 'en-US']);
  });
});

describe('access guard and operation log', () => {
  it('refuses a role without the permission with HTTP 403 naming it', async () => {
    const s = await signedIn(t, 'risk');
    const r = await post(t, '/admin/log/loginList.do', {}, { token: s.token });
    expect(r.statusCode).toBe(403);
    expect(r.json()).toEqual({ status: 1, msg: '无权限：缺少 loginlog 的 query 权限', data: null });
    const en = await post(t, '/admin/log/loginList.do', {}, { token: s.token, lang: 'en-US' });
    expect(en.json().msg).toBe('Forbidden: missing query permission on loginlog');
    const f = await signedIn(t, 'finance');
    expect((await post(t, '/admin/log/loginList.do', {}, { token: f.token })).json().status).toBe(0);
  });

  it('applies a role change to signed-in admins at once (cached sessions are dropped)', async () => {
    const f = await signedIn(t, 'finance');
    expect((await post(t, '/admin/log/loginList.do', {}, { token: f.token })).json().status).toBe(0);
    const info = (await get(t, '/api/user/info', {}, { token: f.token })).json().data;
    await t.app.ctx.db.execute(
      sql`UPDATE admin_role_permissions SET actions = '{}' WHERE role_id = ${info.role.id} AND permission_key = 'loginlog'`,
    );
    t.app.ctx.hooks.emit('principalsChanged', { roleIds: [info.role.id] });
    expect((await post(t, '/admin/log/loginList.do', {}, { token: f.token })).statusCode).toBe(403);
    await t.app.ctx.db.execute(
      sql`UPDATE admin_role_permissions SET actions = '{query,get}' WHERE role_id = ${info.role.id} AND permission_key = 'loginlog'`,
    );
    t.app.ctx.hooks.emit('principalsChanged', { roleIds: [info.role.id] });
  });

  it('refuses super-only routes to everyone but the super account, whatever the role grants', async () => {
    const admin = await signedIn(t, 'admin');
    const superRole = await signedIn(t, 'super');
    for (const s of [admin, superRole]) {
      const r = await post(t, '/admin/log/operationList.do', {}, { token: s.token });
      expect(r.statusCode).toBe(403);
      expect(r.json().msg).toBe('无权限：仅超级管理员可操作');
    }
    const sup = await makeAdmin(t, 'admin', { username: t.config.SUPER_ACCOUNT });
    const token = await login(t, sup.username, sup.password);
    expect((await post(t, '/admin/log/operationList.do', {}, { token })).json().status).toBe(0);
  });

  it('writes an operation-log row for mutations, without secrets', async () => {
    const s = await signedIn(t);
    await post(t, '/api/adminUser/setSiteStyle.do', { navTheme: 'dark' }, { token: s.token, json: true, ip: '10.9.0.1' });
    await post(t, '/api/adminUser/setSiteStyle.do', { navTheme: 'nope' }, { token: s.token, json: true, ip: '10.9.0.1' });
    const log = rows<{ action: string; result: string; ip: string; summary: unknown; admin_id: number }>(
      await t.app.ctx.db.execute(sql`SELECT action, result, ip, summary, admin_id FROM operation_log WHERE admin_id = ${s.id} ORDER BY id`),
    );
    expect(log).toHaveLength(2);
    expect(log[0]).toMatchObject({ action: '/api/adminUser/setSiteStyle.do', result: 'ok', ip: '10.9.0.1' });
    expect(log[1]!.result).toBe('fail');
    await post(t, '/api/adminUser/logout.do', { password: 'leak-me' }, { token: s.token });
    const all = JSON.stringify(rows(await t.app.ctx.db.execute(sql`SELECT summary FROM operation_log`)));
    expect(all).not.toContain('leak-me');
    expect(all).not.toContain(s.token);
  });

  it('never writes a password or token into the server log', async () => {
    const lines: string[] = [];
    const { createTestApp: make } = await import('../helpers.js');
    const t2 = await make();
    const { buildApp } = await import('../../src/app.js');
    const { Writable } = await import('node:stream');
    const stream = new Writable({ write: (c, _e, cb) => (lines.push(String(c)), cb()) });
    const app = await buildApp({ config: { ...t2.config, LOG_LEVEL: 'trace' }, database: t2.app.ctx.database, logStream: stream });
    const a = await makeAdmin(t2);
    const r = await app.inject({ method: 'POST', url: '/api/adminUser/login.do', payload: { username: a.username, password: a.password } });
    const token = r.json().data.token;
    await app.inject({ method: 'GET', url: '/api/user/info', headers: { admintoken: token } });
    await app.inject({ method: 'GET', url: `/manager/ws/1?token=${token}` });
    const text = lines.join('');
    expect(text.length).toBeGreaterThan(0);
    expect(text).not.toContain(a.password);
    expect(text).not.toContain(token);
    await app.close();
    await t2.close();
  });
});

describe('service endpoints', () => {
  it('answers liveness without the database, and readiness with it', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(r.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', db: 'up', redis: t.app.ctx.config.REDIS_URL ? 'up' : 'none' });
  });

  it('publishes the OpenAPI document generated from the schemas, to signed-in admins only (API_DOCS)', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().status).toBe(10);
    const { token } = await signedIn(t);
    const viaCookie = await t.app.inject({ method: 'GET', url: '/api/docs/json', cookies: { 'Access-Token': token } });
    expect(viaCookie.statusCode).toBe(200);
    const r = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { admintoken: token } });
    const doc = r.json();
    expect(doc.paths['/api/adminUser/login.do'].post.requestBody).toBeDefined();
    expect(doc.paths['/admin/log/loginList.do']).toBeDefined();
  });

  it('tags every response with a request id', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'abc12345-test' } });
    expect(r.headers['x-request-id']).toBe('abc12345-test');
  });

  it('answers unknown API paths with an envelope', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/admin/nothing.do', headers: { lang: 'en-US' } });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toEqual({ status: 1, msg: 'No such endpoint', data: null });
  });
});

describe('API documentation switch', () => {
  it('is not served at all with API_DOCS=off, and to anyone with API_DOCS=public', async () => {
    const off = await createTestApp({ API_DOCS: 'off' });
    const pub = await createTestApp({ API_DOCS: 'public' });
    try {
      expect((await off.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
      expect((await pub.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths['/api/adminUser/login.do']).toBeDefined();
    } finally {
      await off.close();
      await pub.close();
    }
  });
});
