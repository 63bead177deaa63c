import { describe, expect, it } from 'vitest';
import { PERMISSION_KEYS, loginInput, money, setSiteStyleInput, zBool, zIdList } from '../src/index.js';

describe('money on the wire', () => {
  it.each([
    ['12', '12'],
    ['12.5', '12.5'],
    ['0.01', '0.01'],
    [' 100.00 ', '100.00'],
    ['-3.20', '-3.20'],
  ])('accepts %s', (input, out) => expect(money.parse(input)).toBe(out));

  it.each(['1.234', 'abc', '', '1e5', '12.', '.5', 'NaN'])('refuses %s', (input) => {
    expect(money.safeParse(input).success).toBe(false);
  });
});

describe('form field helpers', () => {
  it('reads booleans from forms and JSON alike', () => {
    expect(zBool().parse('true')).toBe(true);
    expect(zBool().parse('0')).toBe(false);
    expect(zBool().parse(false)).toBe(false);
    expect(zBool().safeParse('maybe').success).toBe(false);
  });

  it('reads comma-joined id lists', () => {
    expect(zIdList().parse('3, 4,5')).toEqual([3, 4, 5]);
    expect(zIdList().parse([1, '2'])).toEqual([1, 2]);
    expect(zIdList().safeParse('').success).toBe(false);
    expect(zIdList().safeParse('1,x').success).toBe(false);
  });

  it('treats an empty authenticator code as absent', () => {
    expect(loginInput.parse({ username: 'a', password: 'b', googleCode: '' }).googleCode).toBeUndefined();
    expect(loginInput.safeParse({ username: 'a', password: 'b', googleCode: '12345' }).success).toBe(false);
  });

  it('reads the site style from JSON fields or one packed string', () => {
    expect(setSiteStyleInput.parse({ siteStyle: '{"navTheme":"light"}' })).toEqual({ navTheme: 'light' });
    expect(setSiteStyleInput.parse({ multiTab: false, unknown: 1 })).toEqual({ multiTab: false });
    expect(setSiteStyleInput.safeParse({ siteStyle: '{bad' }).success).toBe(false);
  });
});

describe('permission keys', () => {
  it('are unique (their names are messages of each side: the server and the console test them)', () => {
    expect(new Set(PERMISSION_KEYS).size).toBe(PERMISSION_KEYS.length);
  });
});
