import { afterAll, describe, expect, it } from 'vitest';
import { changeLang } from '../../src/app/i18n';
import { COUNT_CAP } from '../../src/lib/contracts-lite';
import { totalLabel } from '../../src/lib/proTable';

/** Issue 51: the server counts a list's total up to COUNT_CAP + 1; past the cap the label says "more than". */
describe('a list’s total label', () => {
  afterAll(() => changeLang('zh-CN'));
  it('is exact up to the cap and "more than" past it, in both languages', async () => {
    await changeLang('zh-CN');
    expect(totalLabel(37)).toBe('共 37 条');
    expect(totalLabel(COUNT_CAP)).toBe(`共 ${COUNT_CAP} 条`);
    expect(totalLabel(COUNT_CAP + 1)).toBe('共 100000+ 条');
    await changeLang('en-US');
    expect(totalLabel(37)).toBe('Total 37');
    expect(totalLabel(COUNT_CAP + 1)).toBe('Total 100000+');
  });
});
