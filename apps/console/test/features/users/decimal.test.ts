import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../../src/shared/money';
import { formatRate, fromCents, percentToRate, previewAdjust, previewAgentAdjust, rateToPercent, toCents } from '../../../src/shared/decimal';

describe('toCents / fromCents', () => {
  it('reads decimal strings exactly', () => {
    expect(toCents('0.1')).toBe(10n);
    expect(toCents('0.01')).toBe(1n);
    expect(toCents('1,234.5')).toBe(123450n);
    expect(toCents('-7.05')).toBe(-705n);
    expect(toCents('12345678901234567.89')).toBe(1234567890123456789n);
    expect(toCents(' 3 ')).toBe(300n);
  });
  it('refuses what is not an amount with at most two decimals', () => {
    for (const bad of ['', 'abc', '1.234', '1e3', '--1', null, undefined, '1.2.3']) expect(toCents(bad as string)).toBeNull();
  });
  it('writes cents back as wire strings', () => {
    expect(fromCents(0n)).toBe('0.00');
    expect(fromCents(5n)).toBe('0.05');
    expect(fromCents(-5n)).toBe('-0.05');
    expect(fromCents(1234567890123456789n)).toBe('12345678901234567.89');
  });
});

describe('formatMoney', () => {
  it('two decimals and thousands separators', () => {
    expect(formatMoney('1234567.5')).toBe('1,234,567.50');
    expect(formatMoney('0')).toBe('0.00');
    expect(formatMoney('-1000')).toBe('-1,000.00');
    expect(formatMoney('12345678901234567.89')).toBe('12,345,678,901,234,567.89');
  });
  it('rounds extra decimals half away from zero on the digits', () => {
    expect(formatMoney('0.005')).toBe('0.01');
    expect(formatMoney('1.994')).toBe('1.99');
    expect(formatMoney('999.995')).toBe('1,000.00');
    expect(formatMoney('-0.001')).toBe('0.00');
  });
  it('empty and non-numbers', () => {
    expect(formatMoney(null)).toBe('-');
    expect(formatMoney('')).toBe('-');
    expect(formatMoney('n/a')).toBe('n/a');
  });
});

describe('previewAdjust', () => {
  const before = { userAmt: '1000.10', enableAmt: '800.10', frozenAmt: '200.00' };
  it('credit adds to equity and free cash, held unchanged', () => {
    expect(previewAdjust(before, '0.20', 0)).toEqual({
      before,
      after: { userAmt: '1000.30', enableAmt: '800.30', frozenAmt: '200.00' },
      insufficient: false,
    });
  });
  it('is exact where floats are not (0.1 + 0.2)', () => {
    const p = previewAdjust({ userAmt: '0.1', enableAmt: '0.1', frozenAmt: '0' }, '0.2', 0)!;
    expect(p.after.enableAmt).toBe('0.30');
    const big = previewAdjust({ userAmt: '99999999999999999.99', enableAmt: '99999999999999999.98', frozenAmt: '0' }, '0.01', 0)!;
    expect(big.after.enableAmt).toBe('99999999999999999.99');
  });
  it('debit subtracts and flags a debit beyond free cash', () => {
    expect(previewAdjust(before, '800.10', 1)!.after.enableAmt).toBe('0.00');
    expect(previewAdjust(before, '800.10', 1)!.insufficient).toBe(false);
    const over = previewAdjust(before, '800.11', 1)!;
    expect(over.after.enableAmt).toBe('-0.01');
    expect(over.insufficient).toBe(true);
  });
  it('refuses a zero, negative or malformed amount', () => {
    expect(previewAdjust(before, '0', 0)).toBeNull();
    expect(previewAdjust(before, '-5', 0)).toBeNull();
    expect(previewAdjust(before, '1.001', 0)).toBeNull();
  });
  it('agent balances', () => {
    expect(previewAgentAdjust('7063.66', '63.66', 1)).toEqual({ before: '7063.66', after: '7000.00', insufficient: false });
    expect(previewAgentAdjust('1.00', '1.01', 1)!.insufficient).toBe(true);
  });
});

describe('rates', () => {
  it('fraction ↔ percentage, exact', () => {
    expect(formatRate('0.350000')).toBe('35%');
    expect(formatRate('0.125')).toBe('12.5%');
    expect(formatRate('1.000000')).toBe('100%');
    expect(formatRate('0.000001')).toBe('0.0001%');
    expect(rateToPercent('0.300000')).toBe('30');
    expect(percentToRate('35')).toBe('0.35');
    expect(percentToRate('12.5')).toBe('0.125');
    expect(percentToRate('100')).toBe('1');
    expect(percentToRate('0.0001')).toBe('0.000001');
    expect(percentToRate('100.01')).toBeNull();
    expect(percentToRate('abc')).toBeNull();
  });
});
