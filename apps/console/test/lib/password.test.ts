import { describe, expect, it } from 'vitest';
import { passwordLevel, scorePassword } from '../../src/lib/password';

describe('password strength (spec §5)', () => {
  it('is 0 for nothing', () => {
    expect(scorePassword('')).toBe(0);
    expect(scorePassword(undefined)).toBe(0);
  });
  it('scores 5 for each first occurrence of a character', () => {
    expect(scorePassword('a')).toBe(5);
    expect(scorePassword('abcdef')).toBe(30);
  });
  it('repeats score 5 divided by the occurrence count', () => {
    expect(scorePassword('aa')).toBe(7); // 5 + 2.5
    expect(scorePassword('aaaa')).toBe(10); // 5 + 2.5 + 1.67 + 1.25 = 10.42
  });
  it('adds 10 per extra character class among digits, lower, upper and other', () => {
    expect(scorePassword('a1')).toBe(20); // 10 + 10
    expect(scorePassword('aA1')).toBe(35); // 15 + 20
    expect(scorePassword('aA1!')).toBe(50); // 20 + 30
    expect(scorePassword('a_')).toBe(20); // underscore counts as "other"
  });
  it('levels: low from 30, medium from 60, strong from 80', () => {
    expect(passwordLevel(scorePassword('abc'))).toBe(0);
    expect(passwordLevel(30)).toBe(1);
    expect(passwordLevel(60)).toBe(2);
    expect(passwordLevel(scorePassword('Abcdef12!@'))).toBe(3); // 50 + 30
  });
});
