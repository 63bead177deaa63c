import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { adminAccounts } from '../../src/modules/_kit/parties.js';
import { smsLog } from '../../src/modules/logs/tables.js';
import { rows } from '../../src/db/rows.js';
import { setSmsProvider, logSmsProvider, type SmsMessage } from '../../src/modules/logs/sms.js';
import { createTestApp, login, post, signedIn, type TestApp } from '../helpers.js';
import { oplogRows, oplogText, superUser } from '../admins/admins-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ipSeq = 0;
const nextIp = () => `10.80.${Math.floor(++ipSeq / 200)}.${ipSeq % 200}`;
const sendCode = (phone: string, ip = nextIp(), lang?: string) => post(t, '/api/adminUser/sendCode.do', { phone }, { ip, lang });
const register = (body: Record<string, unknown>, lang?: string) => post(t, '/api/adminUser/register.do', body, { ip: nextIp(), lang });

/** The code as the default SMS provider delivered it: into the SMS log. */
async function lastCode(phone: string): Promise<string> {
  const [row] = await t.app.ctx.db
    .select()
    .from(smsLog)
    .where(eq(smsLog.phone, phone))
    .orderBy(sql`id DESC`)
    .limit(1);
  return /(\d{6})/.exec(row!.content)![1]!;
}

let phoneSeq = 0;
const newPhone = () => `1370000${String(++phoneSeq).padStart(4, '0')}`;

async function registered(phone = newPhone(), extra: Record<string, unknown> = {}) {
  expect((await sendCode(phone)).json().status).toBe(0);
  const code = await lastCode(phone);
  const r = (
    await register({ email: 'new@admin.io', password: 'reg-pass-1', confirmPassword: 'reg-pass-1', phone, code, ...extra })
  ).json();
  return { phone, code, r };
}

describe('verification code (sendCode.do)', () => {
  it('sends a 6-digit code through the SMS provider, recorded in the SMS log', async () => {
    const phone = newPhone();
    const r = (await sendCode(phone)).json();
    expect(r).toEqual({ status: 0, msg: '验证码已发送', data: { resendAfter: 60, validFor: 300 } });
    const [row] = await t.app.ctx.db.select().from(smsLog).where(eq(smsLog.phone, phone));
    expect(row).toMatchObject({ kind: 'register', provider: 'log', result: 'sent' });
    expect(row!.content).toMatch(/注册验证码为 \d{6}，5 分钟内有效/);
    // only a hash of the code is stored
    const code = await lastCode(phone);
    const stored = JSON.stringify(rows(await t.app.ctx.db.execute(sql`SELECT * FROM sms_codes WHERE phone = ${phone}`)));
    expect(stored).not.toContain(code);
  });

  it('refuses a second code within 60 s and a bad phone', async () => {
    const phone = newPhone();
    await sendCode(phone);
    const again = (await sendCode(phone, nextIp(), 'en-US')).json();
    expect(again.status).toBe(1);
    expect(again.msg).toMatch(/^Too many requests; try again in \d+ seconds$/);
    const bad = (await sendCode('12345')).json();
    expect(bad).toMatchObject({ status: 2, msg: '参数错误：phone 手机号格式不正确' });
  });

  it('masks the code in the log when a real gateway delivers it', async () => {
    const sent: SmsMessage[] = [];
    setSmsProvider({ name: 'gateway', send: async (_ctx, m) => (sent.push(m), { ok: true, ref: 'x1' }) });
    try {
      const phone = newPhone();
      await sendCode(phone);
      const code = /(\d{6})/.exec(sent[0]!.content)![1]!;
      const [row] = await t.app.ctx.db.select().from(smsLog).where(eq(smsLog.phone, phone));
      expect(row!.provider).toBe('gateway');
      expect(row!.content).not.toContain(code);
      expect(row!.content).toContain('******');
    } finally {
      setSmsProvider(logSmsProvider);
    }
  });

  it('reports a gateway failure and logs it as failed', async () => {
    setSmsProvider({ name: 'down', send: async () => ({ ok: false, error: 'gateway timeout' }) });
    try {
      const phone = newPhone();
      expect((await sendCode(phone)).json()).toMatchObject({ status: 1, msg: '短信发送失败，请稍后重试' });
      const [row] = await t.app.ctx.db.select().from(smsLog).where(eq(smsLog.phone, phone));
      expect(row).toMatchObject({ result: 'failed', error: 'gateway timeout' });
    } finally {
      setSmsProvider(logSmsProvider);
    }
  });
});

describe('registration (register.do)', () => {
  it('validates the locale-text rules: email, password ≥ 6, passwords match, phone, code', async () => {
    const ok = { email: 'a@b.cn', password: 'abcdef', confirmPassword: 'abcdef', phone: newPhone(), code: '123456' };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...ok, email: undefined }, '参数错误：email 不能为空'],
      [{ ...ok, email: '' }, '参数错误：email 不能为空'],
      [{ ...ok, email: 'not-mail' }, '参数错误：email 邮箱格式不正确'],
      [{ ...ok, password: '12345', confirmPassword: '12345' }, '参数错误：password 过小或过短（最小 6）'],
      [{ ...ok, confirmPassword: 'abcdeg' }, '参数错误：confirmPassword 两次输入的密码不一致'],
      [{ ...ok, phone: '2345' }, '参数错误：phone 手机号格式不正确'],
      [{ ...ok, code: '' }, '参数错误：code 不能为空'],
      [{ ...ok, code: undefined }, '参数错误：code 不能为空'],
    ];
    for (const [body, msg] of cases) expect((await register(body)).json(), msg).toMatchObject({ status: 2, msg });
    expect((await register({ ...ok, confirmPassword: 'x' }, 'en-US')).json().msg).toBe(
      'Invalid argument: confirmPassword does not match the password',
    );
  });

  it('refuses a wrong code, counts the guesses and never takes a code twice', async () => {
    const phone = newPhone();
    await sendCode(phone);
    const code = await lastCode(phone);
    const wrong = code === '000000' ? '000001' : '000000';
    const body = { email: 'a@b.cn', password: 'abcdef', confirmPassword: 'abcdef', phone };
    expect((await register({ ...body, code: wrong })).json()).toMatchObject({ status: 1, msg: '验证码错误或已过期' });
    expect((await register({ ...body, code })).json().status).toBe(0);
    expect((await register({ ...body, code })).json().msg).toBe('验证码错误或已过期');
    // five wrong guesses kill a code
    const p2 = newPhone();
    await sendCode(p2);
    const c2 = await lastCode(p2);
    for (let i = 0; i < 5; i++) await register({ ...body, phone: p2, code: c2 === '111111' ? '222222' : '111111' });
    expect((await register({ ...body, phone: p2, code: c2 })).json().msg).toBe('验证码错误或已过期');
  });

  it('registration → activation by the super-user → sign-in', async () => {
    const su = await superUser(t);
    const { phone, r } = await registered(newPhone(), { adminName: '新人' });
    expect(r.status).toBe(0);
    expect(r.msg).toBe('注册申请已提交，请等待超级管理员激活。激活有效期为 24 小时，逾期未激活申请将失效');
    expect(r.data.validHours).toBe(24);
    const expires = new Date(r.data.expiresAt).getTime();
    expect(Math.abs(expires - (Date.now() + 24 * 3600_000))).toBeLessThan(60_000);
    // the activation notice states the 24 hours
    const notices = await t.app.ctx.db.select().from(smsLog).where(eq(smsLog.phone, phone));
    expect(notices.find((n) => n.kind === 'activation')!.content).toContain('24 小时内激活');

    // a locked request: no sign-in yet
    const early = (await post(t, '/api/adminUser/login.do', { username: phone, password: 'reg-pass-1' }, { ip: nextIp() })).json();
    expect(early.msg).toBe('账户已被锁定，请联系超级管理员');

    const listed = (await post(t, '/admin/system/list.do', { status: 'pending' }, { token: su.token })).json().data.list;
    const rec = listed.find((x: { adminUtopia: string }) => x.adminUtopia === phone);
    expect(rec).toMatchObject({ adminName: '新人', status: 'pending', locked: true, email: 'new@admin.io', phone, roleCode: 'support' });
    expect(rec.expiresAt).toBe(r.data.expiresAt);

    // only the super-user activates; updateLock does not
    const admin = await signedIn(t, 'admin');
    expect((await post(t, '/admin/system/activate.do', { id: rec.id }, { token: admin.token })).statusCode).toBe(403);
    expect((await post(t, '/admin/system/updateLock.do', { id: rec.id, locked: false }, { token: admin.token })).json().msg).toBe(
      '该账号是待激活的注册申请，请使用“激活”',
    );
    const financeRole = rows<{ id: number }>(await t.app.ctx.db.execute(sql`SELECT id FROM admin_roles WHERE code = 'finance'`))[0]!.id;
    const act = (await post(t, '/admin/system/activate.do', { id: rec.id, roleId: financeRole }, { token: su.token })).json();
    expect(act).toMatchObject({
      status: 0,
      msg: '账号已激活',
      data: { status: 'active', locked: false, roleCode: 'finance', expiresAt: null },
    });
    expect((await post(t, '/admin/system/activate.do', { id: rec.id }, { token: su.token })).json().msg).toBe('该账号不是待激活的注册申请');
    const sms = await t.app.ctx.db.select().from(smsLog).where(eq(smsLog.phone, phone));
    expect(sms.filter((s) => s.kind === 'activation').at(-1)!.content).toContain('已激活');
    expect(await login(t, phone, 'reg-pass-1')).toBeTruthy();
  });

  it('a request not activated within 24 h expires and makes way for a new one', async () => {
    const su = await superUser(t);
    const { phone, r } = await registered();
    // a second request while the first is live is refused
    await t.app.ctx.db.execute(sql`UPDATE sms_codes SET created_at = now() - interval '2 minutes' WHERE phone = ${phone}`);
    const dup = await registered(phone);
    expect(dup.r.msg).toBe('该手机号已有待激活的注册申请（24 小时内有效）');

    await t.app.ctx.db
      .update(adminAccounts)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(adminAccounts.id, r.data.id));
    const expired = (await post(t, '/admin/system/list.do', { status: 'expired' }, { token: su.token })).json().data.list;
    expect(expired.map((x: { id: number }) => x.id)).toContain(r.data.id);
    const pending = (await post(t, '/admin/system/list.do', { status: 'pending', pageSize: 100 }, { token: su.token })).json().data.list;
    expect(pending.map((x: { id: number }) => x.id)).not.toContain(r.data.id);
    expect((await post(t, '/admin/system/activate.do', { id: r.data.id }, { token: su.token })).json().msg).toBe(
      '该注册申请已超过 24 小时有效期，已失效',
    );

    await t.app.ctx.db.execute(sql`UPDATE sms_codes SET created_at = now() - interval '2 minutes' WHERE phone = ${phone}`);
    const again = await registered(phone);
    expect(again.r.status).toBe(0);
    expect(again.r.data.id).not.toBe(r.data.id);
  });

  it('refuses a phone that is already an account', async () => {
    const su = await superUser(t);
    const phone = newPhone();
    await post(t, '/admin/system/add.do', { adminUtopia: phone, adminName: 'x', password: 'abcdef', roleId: 1 }, { token: su.token });
    expect((await registered(phone)).r.msg).toBe('该登录账号已存在');
  });

  it('logs registration and activation without the password or the code', async () => {
    const { code } = await registered();
    const reg = await oplogRows(t, '/api/adminUser/register.do');
    expect(reg.some((l) => l.result === 'ok' && l.module === 'register' && l.admin_id === null)).toBe(true);
    expect((await oplogRows(t, '/admin/system/activate.do')).some((l) => l.result === 'ok')).toBe(true);
    expect((await oplogRows(t, '/api/adminUser/sendCode.do')).length).toBeGreaterThan(0);
    const text = await oplogText(t);
    expect(text).not.toContain('reg-pass-1');
    expect(text).not.toContain(`"${code}"`);
  });
});
