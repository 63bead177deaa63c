import { describe, expect, it } from 'vitest';
import { formatCount, formatMoney, isAmount, isPositiveAmount } from '../../../src/shared/money';

describe('formatMoney (text only, never a float)', () => {
  it('adds two decimals and thousands separators', () => {
    expect(formatMoney('1234567.5')).toBe('1,234,567.50');
    expect(formatMoney('100')).toBe('100.00');
    expect(formatMoney('0')).toBe('0.00');
    expect(formatMoney('.5')).toBe('0.50');
    expect(formatMoney('007.10')).toBe('7.10');
    expect(formatMoney(2500)).toBe('2,500.00');
  });

  it('keeps every digit of amounts a float cannot hold', () => {
    expect(formatMoney('12345678901234567.89')).toBe('12,345,678,901,234,567.89');
    expect(formatMoney('9007199254740993.01')).toBe('9,007,199,254,740,993.01');
  });

  it('rounds half up on the text, carrying through the integer part', () => {
    expect(formatMoney('1.005')).toBe('1.01');
    expect(formatMoney('1.004')).toBe('1.00');
    expect(formatMoney('999.995')).toBe('1,000.00');
    expect(formatMoney('0.125', { decimals: 2 })).toBe('0.13');
    expect(formatMoney('12.3456', { decimals: 4 })).toBe('12.3456');
  });

  it('keeps the sign, without a negative zero', () => {
    expect(formatMoney('-1234.5')).toBe('-1,234.50');
    expect(formatMoney('-0.001')).toBe('0.00');
    expect(formatMoney('+5')).toBe('5.00');
  });

  it('shows a dash (or the given text) for nothing, and leaves non-numbers alone', () => {
    expect(formatMoney(null)).toBe('-');
    expect(formatMoney(undefined)).toBe('-');
    expect(formatMoney('')).toBe('-');
    expect(formatMoney(null, { empty: '0.00' })).toBe('0.00');
    expect(formatMoney('abc')).toBe('abc');
    expect(formatMoney('.')).toBe('.');
  });
});

describe('formatCount', () => {
  it('groups whole numbers', () => {
    expect(formatCount(12345)).toBe('12,345');
    expect(formatCount('5')).toBe('5');
    expect(formatCount(null)).toBe('-');
    expect(formatCount(0)).toBe('0');
  });
});

describe('amount checks', () => {
  it('accepts the server money format only', () => {
    expect(isAmount('100')).toBe(true);
    expect(isAmount('100.5')).toBe(true);
    expect(isAmount('100.55')).toBe(true);
    expect(isAmount('100.555')).toBe(false);
    expect(isAmount('-1')).toBe(false);
    expect(isAmount('1e3')).toBe(false);
    expect(isPositiveAmount('0.00')).toBe(false);
    expect(isPositiveAmount('0.01')).toBe(true);
  });
});
