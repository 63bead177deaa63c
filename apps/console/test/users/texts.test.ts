import { describe, expect, it } from 'vitest';
import { flattenKeys, type Messages } from '../../src/app/catalogue';
import usersZh from '../../src/features/users/locales/zh-CN';
import usersEn from '../../src/features/users/locales/en-US';
import agentsZh from '../../src/features/agents/locales/zh-CN';
import agentsEn from '../../src/features/agents/locales/en-US';
import ledgerZh from '../../src/features/fundrecords/locales/zh-CN';
import ledgerEn from '../../src/features/fundrecords/locales/en-US';

describe('users / agents / ledger texts', () => {
  for (const [name, zh, en] of [
    ['users', usersZh, usersEn],
    ['agents', agentsZh, agentsEn],
    ['ledger', ledgerZh, ledgerEn],
  ] as const) {
    it(`${name}: the same keys in both languages, none empty, placeholders kept`, () => {
      const kz = flattenKeys(zh as unknown as Messages).sort();
      const ke = flattenKeys(en as unknown as Messages).sort();
      expect(ke).toEqual(kz);
      const leaf = (m: unknown, k: string) => k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], m) as string;
      for (const k of kz) {
        expect(leaf(zh, k).trim(), `zh ${k}`).not.toBe('');
        expect(leaf(en, k).trim(), `en ${k}`).not.toBe('');
        const vars = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();
        expect(vars(leaf(en, k)), k).toEqual(vars(leaf(zh, k)));
      }
    });
  }
});
