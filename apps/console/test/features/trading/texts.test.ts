import { describe, expect, it } from 'vitest';
import zh from '../../../src/features/trading/locales/zh-CN';
import en from '../../../src/features/trading/locales/en-US';
import sharedZh from '../../../src/shared/locales/zh-CN';
import { expectSameTexts } from '../../helpers';

const leaf = (m: unknown, k: string) =>
  k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown> | undefined)?.[p], m) as string | undefined;

describe('trading texts', () => {
  it('the same keys in both languages, none empty, placeholders kept', () => {
    expectSameTexts(zh, en);
  });

  it('names every status, kind, direction and close kind of the contract', async () => {
    const c = await import('@stock-admin/contracts');
    for (const [group, values] of [
      ['orderStatus', c.ORDER_STATUSES],
      ['positionStatus', c.POSITION_STATUSES],
      ['kind', c.ORDER_KINDS],
      ['closeKind', c.CLOSE_KINDS],
    ] as const)
      for (const v of values) expect(leaf(zh, `trading.${group}.${v}`), `${group}.${v}`).toBeTruthy();
    // the direction is shared (positions, block trades and the stock picker name it)
    for (const v of c.DIRECTIONS) expect(leaf(sharedZh, `direction.${v}`), `direction.${v}`).toBeTruthy();
  });
});
