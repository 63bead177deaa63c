import { describe, it } from 'vitest';
import usersZh from '../../../src/features/users/locales/zh-CN';
import usersEn from '../../../src/features/users/locales/en-US';
import agentsZh from '../../../src/features/agents/locales/zh-CN';
import agentsEn from '../../../src/features/agents/locales/en-US';
import ledgerZh from '../../../src/features/fundrecords/locales/zh-CN';
import ledgerEn from '../../../src/features/fundrecords/locales/en-US';
import { expectSameTexts } from '../../helpers';

describe('users / agents / ledger texts', () => {
  for (const [name, zh, en] of [
    ['users', usersZh, usersEn],
    ['agents', agentsZh, agentsEn],
    ['ledger', ledgerZh, ledgerEn],
  ] as const) {
    it(`${name}: the same keys in both languages, none empty, placeholders kept`, () => {
      expectSameTexts(zh, en);
    });
  }
});
