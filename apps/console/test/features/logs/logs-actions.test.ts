import { describe, expect, it } from 'vitest';
import { actionName } from '../../../src/shared/logActions';
import { summaryDiff } from '../../../src/shared/format';
import zh from '../../../src/features/logs/locales/zh-CN';
import en from '../../../src/features/logs/locales/en-US';
import sharedZh from '../../../src/locales/zh-CN';
import sharedEn from '../../../src/locales/en-US';

// The operation log names actions and fields in the reader's language (issue 27 item 5), not API paths.
/** A catalogue's text of a dotted key, or null (as `i18n.exists(k) ? t(k) : null`). */
const labelOf =
  (...cats: object[]) =>
  (key: string): string | null => {
    for (const cat of cats) {
      const v = key.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), cat);
      if (typeof v === 'string') return v;
    }
    return null;
  };
const zhLabel = labelOf(zh, sharedZh);
const enLabel = labelOf(en, sharedEn);

describe('operation log action names', () => {
  it('names an operation by its page and its own verb, in each language', () => {
    const op = { key: 'updateAmt', permission: 'userlist', action: 'edit' } as const;
    expect(actionName(op, zhLabel)).toBe('用户列表 · 调整余额');
    expect(actionName(op, enLabel)).toBe('Users · Adjust balance');
  });

  it('falls back to the permission action’s verb, and to nothing for an operation the server could not name', () => {
    const withoutVerbs = (label: (k: string) => string | null) => (k: string) => (k.startsWith('logs.opName.') ? null : label(k));
    const op = { key: 'add', permission: 'shares', action: 'add' } as const;
    expect(actionName(op, withoutVerbs(zhLabel))).toMatch(/ · 新增$/);
    expect(actionName(op, withoutVerbs(enLabel))).toMatch(/ · Add$/);
    expect(actionName({ key: 'login', permission: null, action: null }, withoutVerbs(zhLabel))).toBeNull();
    expect(actionName(null, zhLabel)).toBeNull();
  });

  it('labels the changed fields of a summary', () => {
    const label = (f: string) => zh.logs.field[f as keyof typeof zh.logs.field] ?? f;
    expect(summaryDiff({ before: { userAmt: '0.00', payNums: 1 }, after: { userAmt: '1234.50', payNums: 1 } }, 3, label)).toEqual([
      '总资产: 0.00 → 1234.50',
    ]);
    expect(summaryDiff({ input: { channelIds: '1,2', oddName: 3 } }, 3, label)).toEqual(['渠道: 1,2', 'oddName: 3']);
  });
});
