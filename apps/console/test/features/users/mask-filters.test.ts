import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { FUND_TYPES } from '@stock-admin/contracts';
import { fundFilters, userFilters } from '../../../src/shared/userFilters';
import { pageOf } from '../../../src/lib/proTable';
import { fundTypeLabel } from '../../../src/shared/userLabels';
import { maskCardNo, maskIdNumber, maskMiddle, maskPhone } from '../../../src/features/users/lib/mask';

describe('masking', () => {
  it('ID numbers keep the first 3 and last 4', () => {
    expect(maskIdNumber('11010519900101123X')).toBe('110***********123X');
    expect(maskIdNumber('110105900101123')).toBe('110********1123');
    expect(maskIdNumber('320***********081X')).toBe('320***********081X');
    expect(maskIdNumber(null)).toBe('-');
    expect(maskIdNumber('')).toBe('-');
  });
  it('card numbers show only the first and last 4 digits', () => {
    expect(maskCardNo('6222021234567890123')).toBe('6222 **** **** 0123');
    expect(maskCardNo('6222 0212 3456 7890')).toBe('6222 **** **** 7890');
    expect(maskCardNo('************1234')).toBe('**** **** **** 1234');
    expect(maskCardNo('**** **** **** 5678')).toBe('**** **** **** 5678');
    expect(maskCardNo(undefined)).toBe('-');
  });
  it('short values never come out whole', () => {
    expect(maskMiddle('1234', 3, 4)).toBe('1**4');
    expect(maskPhone('13812345678')).toBe('138****5678');
  });
});

describe('userFilters (search form → list/export payload)', () => {
  it('drops empties and converts codes to numbers', () => {
    expect(userFilters({ current: 2, pageSize: 20, phone: ' 138 ', realName: '', accountType: '1', realState: '0' })).toEqual({
      phone: '138',
      accountType: 1,
      realState: 0,
    });
  });
  it('maps the lock state to the two flags', () => {
    expect(userFilters({ lockState: 'loginLocked' })).toEqual({ loginLocked: true });
    expect(userFilters({ lockState: 'tradeLocked' })).toEqual({ tradeLocked: true });
    expect(userFilters({ lockState: 'unlocked' })).toEqual({ loginLocked: false, tradeLocked: false });
  });
  it('an agent includes its sub-agents; tier 0 means none', () => {
    expect(userFilters({ agentId: 7, layeringId: 0 })).toEqual({ agentId: 7, includeSubAgents: true, layeringId: 0 });
  });
  it('registration range → ISO instants', () => {
    const a = dayjs('2026-01-01 00:00:00');
    const b = dayjs('2026-01-31 23:59:59');
    expect(userFilters({ regRange: [a, b] })).toEqual({ regBeginTime: a.toISOString(), regEndTime: b.toISOString() });
    expect(userFilters({ regRange: ['2026-01-01 00:00:00', '2026-01-02 00:00:00'] }).regBeginTime).toBe(
      dayjs('2026-01-01 00:00:00').toISOString(),
    );
  });
  it('the table sort', () => {
    expect(userFilters({}, { userAmt: 'descend' })).toEqual({ sortField: 'userAmt', sortOrder: 'desc' });
    expect(userFilters({}, { regTime: 'ascend' })).toEqual({ sortField: 'regTime', sortOrder: 'asc' });
    expect(userFilters({}, { unknown: 'ascend' })).toEqual({});
  });
  it('paging', () => {
    expect(pageOf({ current: 3, pageSize: 50 })).toEqual({ pageNum: 3, pageSize: 50 });
    expect(pageOf({})).toEqual({ pageNum: 1, pageSize: 10 });
  });
});

describe('fundFilters', () => {
  it('the user box takes an id or a phone', () => {
    expect(fundFilters({ user: '42' })).toEqual({ userId: 42 });
    expect(fundFilters({ user: '13812345678' })).toEqual({ phone: '13812345678' });
  });
  it('types are comma-joined; range and other filters', () => {
    const a = dayjs('2026-02-01 08:00:00');
    expect(
      fundFilters({
        type: ['manual_credit', 'manual_debit'],
        owner: 'all',
        reference: ' P1 ',
        accountType: '0',
        timeRange: [a, undefined],
      }),
    ).toEqual({
      type: 'manual_credit,manual_debit',
      owner: 'all',
      reference: 'P1',
      accountType: 0,
      beginTime: a.toISOString(),
    });
    expect(fundFilters({ type: [] })).toEqual({});
  });
});

describe('fund type labels', () => {
  it('every type has a name in both languages', () => {
    for (const ty of FUND_TYPES) {
      expect(fundTypeLabel(ty, 'zh-CN')).not.toBe(ty);
      expect(fundTypeLabel(ty, 'en-US')).not.toBe(ty);
      expect(fundTypeLabel(ty, 'zh-CN')).not.toBe(fundTypeLabel(ty, 'en-US'));
    }
    expect(fundTypeLabel('manual_credit', 'zh-CN')).toBe('后台加款');
    expect(fundTypeLabel('manual_credit', 'en-US')).toBe('Manual credit');
  });
});
