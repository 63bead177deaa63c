import { describe, expect, it } from 'vitest';
import { actionName } from '../src/shared/logActions';
import { summaryDiff } from '../src/shared/format';
import zh from '../src/features/logs/locales/zh-CN';
import en from '../src/features/logs/locales/en-US';

// The operation log names actions and fields in the reader's language (issue 27 item 5), not API paths.
const verbOf = (cat: { logs: { opName: Record<string, string> } }) => (key: string) => cat.logs.opName[key] ?? null;

describe('operation log action names', () => {
  it('names a logged path by its page and its own verb, in each language', () => {
    expect(actionName('/admin/user/updateAmt.do', 'zh-CN', verbOf(zh))).toBe('用户列表 · 调整余额');
    expect(actionName('/admin/user/updateAmt.do', 'en-US', verbOf(en))).toBe('Users · Adjust balance');
  });

  it('falls back to the permission action’s verb, and to nothing for a path no endpoint has', () => {
    expect(actionName('/admin/stockDz/add.do', 'zh-CN', () => null)).toMatch(/ · 新增$/);
    expect(actionName('/admin/stockDz/add.do', 'en-US', () => null)).toMatch(/ · Add$/);
    expect(actionName('/admin/nothing/here.do', 'zh-CN', verbOf(zh))).toBeNull();
  });

  it('labels the changed fields of a summary', () => {
    const label = (f: string) => zh.logs.field[f as keyof typeof zh.logs.field] ?? f;
    expect(summaryDiff({ before: { userAmt: '0.00', payNums: 1 }, after: { userAmt: '1234.50', payNums: 1 } }, 3, label)).toEqual([
      '总资产: 0.00 → 1234.50',
    ]);
    expect(summaryDiff({ input: { channelIds: '1,2', oddName: 3 } }, 3, label)).toEqual(['渠道: 1,2', 'oddName: 3']);
  });
});
