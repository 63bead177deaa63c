import type { Rule, RuleObject } from 'antd/es/form';
import { passwordLevel, scorePassword } from '../lib/password';

/**
 * Registration form rules (spec §5 locale texts): e-mail required and well-formed, password at least
 * 6 characters (and, as the template's strength meter demands, at least "medium"), both passwords
 * equal, a mainland mobile number, a verification code. Each check is a pure function returning the
 * i18n key of its message (or null), so the rules are unit-tested without a form.
 * No run-time import of @stock-admin/contracts here: the register page is a public, light chunk.
 */
export const PASSWORD_MIN = 6;
/** The server's phone rule (contracts `phone()`). */
export const PHONE_RE = /^1[3-9]\d{9}$/;
/** A pragmatic address check (the server validates again). */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Strength level (lib/password.ts) a new password must reach on the register page. */
export const MIN_LEVEL = 2;

const K = 'registerRule.';

export function checkEmail(v: string | undefined): string | null {
  const s = (v ?? '').trim();
  if (!s) return `${K}emailRequired`;
  if (s.length > 128 || !EMAIL_RE.test(s)) return `${K}emailFormat`;
  return null;
}

export function checkPassword(v: string | undefined): string | null {
  if (!v) return `${K}passwordRequired`;
  if (v.length < PASSWORD_MIN || v.length > 64 || passwordLevel(scorePassword(v)) < MIN_LEVEL) return `${K}passwordStrength`;
  return null;
}

export function checkConfirm(password: string | undefined, confirm: string | undefined): string | null {
  if (!confirm) return `${K}confirmRequired`;
  if (confirm !== password) return `${K}mismatch`;
  return null;
}

export function checkPhone(v: string | undefined): string | null {
  const s = (v ?? '').trim();
  if (!s) return `${K}phoneRequired`;
  if (!PHONE_RE.test(s)) return `${K}phoneFormat`;
  return null;
}

export function checkCode(v: string | undefined): string | null {
  return (v ?? '').trim() ? null : `${K}codeRequired`;
}

/** The meter's state for a password: level 0–3 (0 = too short), percent for the progress bar, and its label key. */
export function strengthOf(v: string | undefined): {
  level: 0 | 1 | 2 | 3;
  percent: number;
  labelKey: string;
  status: 'exception' | 'normal' | 'success';
} {
  if (!v || v.length < PASSWORD_MIN) return { level: 0, percent: v ? 10 : 0, labelKey: `${K}strength.short`, status: 'exception' };
  const level = passwordLevel(scorePassword(v));
  const labelKey = [`${K}strength.short`, `${K}strength.low`, `${K}strength.medium`, `${K}strength.strong`][level]!;
  return {
    level,
    percent: level === 0 ? 10 : level * 33 + (level === 3 ? 1 : 0),
    labelKey,
    status: level >= 3 ? 'success' : level >= MIN_LEVEL ? 'normal' : 'exception',
  };
}

type T = (key: string) => string;
const rule = (check: (v: string | undefined) => string | null, t: T): Rule => ({
  validator: (_r, v: string | undefined) => {
    const k = check(v);
    return k ? Promise.reject(new Error(t(k))) : Promise.resolve();
  },
});

/** antd Form rules of the register form. */
export function registerRules(t: T) {
  return {
    email: [rule(checkEmail, t)],
    password: [rule(checkPassword, t)],
    confirm: ({ getFieldValue }: { getFieldValue: (name: string) => unknown }): RuleObject => ({
      validator: (_r, v: string | undefined) => {
        const k = checkConfirm(getFieldValue('password') as string | undefined, v);
        return k ? Promise.reject(new Error(t(k))) : Promise.resolve();
      },
    }),
    phone: [rule(checkPhone, t)],
    code: [rule(checkCode, t)],
  };
}
