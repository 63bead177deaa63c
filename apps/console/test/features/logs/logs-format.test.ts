import { describe, expect, it } from 'vitest';
import { clientOf, fmtDuration, prettyJson, summaryDiff } from '../../../src/shared/format';
import { filtersOf, filtersToSearch, searchToValues, timeRange, toListQuery } from '../../../src/shared/filters';
import { fieldErrorOf } from '../../../src/lib/serverErrors';
import { RequestError } from '../../../src/lib/request';

describe('operation-log summary', () => {
  it('lists what changed between before and after', () => {
    expect(summaryDiff({ input: { id: 3 }, before: { locked: false, name: 'a' }, after: { locked: true, name: 'a' } })).toEqual([
      'locked: false → true',
    ]);
    expect(summaryDiff({ after: { googlePending: true } })).toEqual(['googlePending: true']);
    expect(summaryDiff({ before: { name: 'x' } })).toEqual(['name: x → ∅']);
  });
  it('falls back to the input fields, and shortens long values', () => {
    expect(summaryDiff({ input: { username: 'super', password: '***' } })).toEqual(['username: super', 'password: ***']);
    expect(summaryDiff({ input: { text: 'x'.repeat(40) } })[0]).toBe(`text: ${'x'.repeat(23)}…`);
    expect(summaryDiff(null)).toEqual([]);
  });
  it('pretty-prints JSON', () => {
    expect(prettyJson({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(prettyJson('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyJson(null)).toBe('');
  });
});

describe('log formatting', () => {
  it('names the client of a user agent', () => {
    expect(clientOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36')).toBe(
      'Chrome 120 · Windows',
    );
    expect(clientOf('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0 Safari/537.36')).toBe(
      'Chrome 131 · Linux',
    );
    expect(clientOf('curl/7.88.1')).toBe('curl');
    expect(clientOf(null)).toBe('-');
  });
  it('formats durations', () => {
    expect(fmtDuration(850)).toBe('850 ms');
    expect(fmtDuration(2400)).toBe('2.4 s');
    expect(fmtDuration(185_000)).toBe('3 min 5 s');
    expect(fmtDuration(null)).toBe('-');
  });
});

describe('list filters in the URL', () => {
  it('turns ProTable params into a list query, dropping empties', () => {
    expect(toListQuery({ current: 2, pageSize: 20, username: ' admin ', ip: '', result: undefined })).toEqual({
      pageNum: 2,
      pageSize: 20,
      username: 'admin',
    });
    expect(filtersOf({ current: 1, pageSize: 10, keyword: 'x', locked: 'true' })).toEqual({ locked: 'true' });
  });
  it('round-trips filters through the URL, time range included', () => {
    const range = timeRange(['2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z']);
    const s = filtersToSearch({ username: 'admin', roleId: 3, ...range, other: 'x' }, ['username', 'roleId', 'beginTime', 'endTime']);
    expect(s).toBe('username=admin&roleId=3&beginTime=2026-01-01T00%3A00%3A00.000Z&endTime=2026-01-02T00%3A00%3A00.000Z');
    const v = searchToValues(s, ['username', 'roleId', 'beginTime', 'endTime'], { rangeField: 'createdAt', numbers: ['roleId'] });
    expect(v.username).toBe('admin');
    expect(v.roleId).toBe(3);
    const [a, b] = v.createdAt as { toISOString(): string }[];
    expect([a!.toISOString(), b!.toISOString()]).toEqual(['2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z']);
    expect(timeRange(undefined)).toEqual({ beginTime: undefined, endTime: undefined });
  });
});

describe('server validation messages on fields', () => {
  it('reads the field and reason of a status-2 answer in both languages', () => {
    expect(fieldErrorOf(new RequestError('status', '参数错误：schedule 不是有效的 cron 表达式', 2))).toEqual({
      field: 'schedule',
      reason: '不是有效的 cron 表达式',
    });
    expect(fieldErrorOf(new RequestError('status', 'Invalid argument: keyId must be 10 upper-case letters or digits', 2))).toEqual({
      field: 'keyId',
      reason: 'must be 10 upper-case letters or digits',
    });
    expect(fieldErrorOf(new RequestError('status', '角色名称已存在', 1))).toBeNull();
  });
});
