import { describe, expect, it } from 'vitest';
import { adminsApi, passwordStrength, phone } from '@stock-admin/contracts';
import { checkCode, checkConfirm, checkEmail, checkPassword, checkPhone, registerRules, strengthOf } from '../../../src/shared/registerRules';
import { scorePassword } from '../../../src/lib/password';
import i18n from '../../../src/app/i18n';

describe('register form rules (spec §5 locale texts)', () => {
  it('requires a well-formed e-mail', () => {
    expect(checkEmail('')).toBe('registerRule.emailRequired');
    expect(checkEmail('  ')).toBe('registerRule.emailRequired');
    expect(checkEmail('nobody')).toBe('registerRule.emailFormat');
    expect(checkEmail('a@b')).toBe('registerRule.emailFormat');
    expect(checkEmail('ops@example.com')).toBeNull();
  });

  it('requires at least 6 characters and a medium strength', () => {
    expect(checkPassword('')).toBe('registerRule.passwordRequired');
    expect(checkPassword('Ab1!')).toBe('registerRule.passwordStrength');
    expect(checkPassword('aaaaaa')).toBe('registerRule.passwordStrength'); // 5+2.5+… = 12, too weak
    expect(checkPassword('Abcdef12')).toBeNull(); // 40 + 20 = 60 → medium
  });

  it('requires both passwords to match', () => {
    expect(checkConfirm('Abcdef12', '')).toBe('registerRule.confirmRequired');
    expect(checkConfirm('Abcdef12', 'Abcdef13')).toBe('registerRule.mismatch');
    expect(checkConfirm('Abcdef12', 'Abcdef12')).toBeNull();
  });

  it('checks the phone exactly as the server does', () => {
    const server = phone();
    for (const p of ['13800138000', '19912345678', '12800138000', '1380013800', '138001380000', 'abc', '']) {
      const ok = server.safeParse(p).success;
      expect(checkPhone(p) === null, p).toBe(ok);
    }
    expect(checkPhone('')).toBe('registerRule.phoneRequired');
    expect(checkPhone('123')).toBe('registerRule.phoneFormat');
  });

  it('requires the verification code', () => {
    expect(checkCode(' ')).toBe('registerRule.codeRequired');
    expect(checkCode('123456')).toBeNull();
  });

  it('meters strength with the spec scorer (same as the contracts)', () => {
    for (const p of ['a', 'aaaaaa', 'abc123', 'Abcdef12', 'Abc!ef12xyZ', 'pässwörd']) expect(scorePassword(p)).toBe(passwordStrength(p));
    expect(strengthOf('')).toMatchObject({ level: 0, percent: 0 });
    expect(strengthOf('Ab1')).toMatchObject({ level: 0, percent: 10, labelKey: 'registerRule.strength.short' });
    expect(strengthOf('abc123')).toMatchObject({ level: 1, labelKey: 'registerRule.strength.low' });
    expect(strengthOf('Abcdef12')).toMatchObject({ level: 2, labelKey: 'registerRule.strength.medium' });
    expect(strengthOf('Abc!ef12xyZ?')).toMatchObject({ level: 3, percent: 100, labelKey: 'registerRule.strength.strong' });
  });

  it('gives antd rules with the locale texts', async () => {
    await i18n.changeLanguage('zh-CN');
    const rules = registerRules(i18n.t.bind(i18n));
    const validate = (r: unknown, v: string) => (r as { validator: (rule: unknown, v: string) => Promise<void> }).validator({}, v);
    await expect(validate(rules.email[0], 'x')).rejects.toThrow('邮箱地址格式错误！');
    await expect(validate(rules.phone[0], '')).rejects.toThrow('请输入手机号！');
    await expect(validate(rules.code[0], '')).rejects.toThrow('请输入验证码！');
    const confirm = rules.confirm({ getFieldValue: () => 'Abcdef12' });
    await expect(validate(confirm, 'other')).rejects.toThrow('两次输入的密码不匹配！');
    await expect(validate(confirm, 'Abcdef12')).resolves.toBeUndefined();
    await i18n.changeLanguage('en-US');
    await expect(validate(registerRules(i18n.t.bind(i18n)).email[0], '')).rejects.toThrow('Please enter your email!');
    await i18n.changeLanguage('zh-CN');
  });

  it('calls the contracts paths (the register page does not import them at run time)', async () => {
    const { registerCalls } = await import('../../../src/features/admins/registerApi');
    expect(typeof registerCalls.register).toBe('function');
    const src = (await import('../../../src/features/admins/registerApi?raw')).default as string;
    expect(src).toContain(`'${adminsApi.sendCode.path}'`);
    expect(src).toContain(`'${adminsApi.register.path}'`);
    expect(adminsApi.sendCode.method).toBe('POST');
    expect(adminsApi.register.method).toBe('POST');
  });
});
