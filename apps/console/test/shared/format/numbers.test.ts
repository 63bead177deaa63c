import { describe, expect, it } from 'vitest';
import { formatCode, formatCount, formatMoney, formatPct, formatSigned, formatSize, formatYuan } from '../../../src/shared/money';

describe('the one formatter per kind', () => {
  it('money: separators, two decimals, the minus before the currency sign', () => {
    expect(formatMoney('430840')).toBe('430,840.00');
    expect(formatYuan('430840')).toBe('¥430,840.00');
    expect(formatYuan('-6850.17')).toBe('-¥6,850.17');
    expect(formatYuan('6')).toBe('¥6.00');
    expect(formatYuan('-0.001')).toBe('¥0.00');
    expect(formatYuan(null)).toBe('-');
    expect(formatYuan('12345678901234567.89')).toBe('¥12,345,678,901,234,567.89');
  });
  it('gains and losses carry their sign', () => {
    expect(formatSigned('27440')).toBe('+27,440.00');
    expect(formatSigned('-7140')).toBe('-7,140.00');
    expect(formatSigned('0')).toBe('0.00');
    expect(formatSigned(undefined)).toBe('-');
  });
  it('percentages', () => {
    expect(formatPct('13.6')).toBe('13.60%');
    expect(formatPct('13.6', { signed: true })).toBe('+13.60%');
    expect(formatPct('-74.07', { signed: true })).toBe('-74.07%');
    expect(formatPct('')).toBe('-');
  });
  it('quantities', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(null)).toBe('-');
  });
  it('one display form of a stock code, with its market', () => {
    expect(formatCode({ gid: 'sh603398', code: '603398' })).toBe('sh603398');
    expect(formatCode({ code: '600066' })).toBe('sh600066');
    expect(formatCode('300017')).toBe('sz300017');
    expect(formatCode('000001')).toBe('sz000001');
    expect(formatCode('920964')).toBe('bj920964');
    expect(formatCode('830799')).toBe('bj830799');
    expect(formatCode('SZ300017')).toBe('sz300017');
    expect(formatCode(null)).toBe('-');
  });
  it('file sizes', () => {
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(12_600)).toBe('12.3 KB');
    expect(formatSize(4_700_000)).toBe('4.5 MB');
  });
});
