import { describe, expect, it } from 'vitest';
import { exReferenceCents, planText } from '@stock-admin/contracts/exrights';
import { adjustHolding, TooFewShares } from '../../src/modules/corpactions/adjust.js';

/** The arithmetic of one position through one action, computed by hand. */
describe('a position through a corporate action', () => {
  const long = { direction: 'long' as const, shares: 305, buyPrice: '10.0000', margin: '1525.00', takeProfit: null, stopLoss: null };

  it('settles an odd-lot fraction in cash at the reference price, whole shares kept', () => {
    // 10送3: 305 × 1.3 = 396.5 → 396 shares and half a share; reference 10.00 / 1.3 = 7.692… → 7.69
    expect(exReferenceCents(1000, { bonusPer10: '3' })).toBe(769);
    const a = adjustHolding(long, { bonusPer10: '3' }, { ref: '7.69', taxPct: 0, freeCash: 0 });
    expect(a).toMatchObject({ shares: 396, fractionShares: '0.500000', fractionCash: '3.85', cash: '3.85', dividend: '0.00' });
    // the cost falls by the cash paid out: (3,050.00 − 3.85) / 396 = 7.6923… → 7.6923
    expect(a.buyPrice).toBe('7.6923');
    expect(a.margin).toBe('1521.15');
  });

  it('withholds the tax from a long only, and a short pays what free cash it has (the rest stays in its cost)', () => {
    const a = adjustHolding({ ...long, shares: 1000 }, { cashPerShare: '0.5' }, { ref: '9.50', taxPct: '10', freeCash: 0 });
    expect(a).toMatchObject({ dividend: '450.00', tax: '50.00', cash: '450.00', buyPrice: '9.5500' });
    const s = adjustHolding(
      { ...long, shares: 1000, direction: 'short' },
      { cashPerShare: '0.5' },
      { ref: '9.50', taxPct: '10', freeCash: '120.00' },
    );
    expect(s).toMatchObject({ dividend: '-500.00', tax: '0.00', cash: '-120.00', unpaid: '380.00', margin: '1645.00', buyPrice: '9.5000' });
  });

  it('splits and reverse splits; a position left under one share is refused', () => {
    expect(adjustHolding(long, { splitRatio: '2' }, { ref: '5', taxPct: 0, freeCash: 0 })).toMatchObject({
      shares: 610,
      buyPrice: '5.0000',
    });
    expect(adjustHolding(long, { splitRatio: '0.1' }, { ref: '100', taxPct: 0, freeCash: 0 })).toMatchObject({
      shares: 30,
      fractionShares: '0.500000',
      fractionCash: '50.00',
    });
    expect(() => adjustHolding({ ...long, shares: 5 }, { splitRatio: '0.1' }, { ref: '100', taxPct: 0, freeCash: 0 })).toThrow(
      TooFewShares,
    );
  });

  it('writes the plan as the exchange does', () => {
    expect(planText({ cashPerShare: '0.5' })).toBe('10派5元');
    expect(planText({ bonusPer10: '3', transferPer10: '2', cashPerShare: '0.12' })).toBe('10送3转2派1.2元');
    expect(planText({ splitRatio: '2' })).toBe('1拆2');
    expect(planText({ splitRatio: '0.5' })).toBe('2合1');
    expect(exReferenceCents(1001, { bonusPer10: '10' })).toBe(501);
    expect(exReferenceCents(1000, { cashPerShare: '0.5' })).toBe(950);
  });
});

describe('the plan in English', () => {
  it('says the same terms', () => {
    expect(planText({ cashPerShare: '0.5' }, 'en-US')).toBe('¥5 cash per 10 shares');
    expect(planText({ bonusPer10: '3', transferPer10: '2', cashPerShare: '0.12' }, 'en-US')).toBe(
      '¥1.2 cash + 3 bonus + 2 transfer per 10 shares',
    );
    expect(planText({ splitRatio: '2' }, 'en-US')).toBe('split 1 into 2');
    expect(planText({ splitRatio: '0.5' }, 'en-US')).toBe('2 into 1');
  });
});
