import { describe, expect, it } from 'vitest';
import { buyCost, deferralOf, feeOf, limitsOf, pnlOf, settle } from '../../src/modules/trading/money.js';

const risk = { buyFeePct: '0.03', sellFeePct: '0.03', stampDutyPct: '0.05', minFee: '5.00' };

describe('trading arithmetic (hand-computed)', () => {
  it('prices a buy: margin rounded up, fee at least the minimum, spread half up', () => {
    // 1,000 shares at 12.345: amount 12,345.00; margin ÷ 3 = 4,115.00; fee 0.03 % = 3.70 → minimum 5.00; spread 0.1 % = 12.35 (12.345)
    const c = buyCost('12.345', 1000, 3, risk, '0.1');
    expect([c.amount, c.margin, c.fee, c.spread, c.hold].map((d) => d.toFixed(2))).toEqual([
      '12345.00',
      '4115.00',
      '5.00',
      '12.35',
      '4132.35',
    ]);
    // margin of 10,000.01 ÷ 3 = 3,333.3366… → 3,333.34 (never short of cover)
    expect(buyCost('100.0001', 100, 3, risk, '0').margin.toFixed(2)).toBe('3333.34');
    // a large order: fee 0.03 % of 1,500,000 = 450.00
    expect(buyCost('1500', 1000, 5, risk, '0').fee.toFixed(2)).toBe('450.00');
    expect(feeOf('1000000', '0', '5').toFixed(2)).toBe('0.00');
  });

  it('computes P/L long and short', () => {
    expect(pnlOf('long', '10.00', '10.55', 2000).toFixed(2)).toBe('1100.00');
    expect(pnlOf('short', '10.00', '10.55', 2000).toFixed(2)).toBe('-1100.00');
    expect(pnlOf('short', '20.1234', '19.50', 300).toFixed(2)).toBe('187.02');
  });

  it('settles a gain, a loss within margin, and a loss beyond margin and free cash', () => {
    const p = { direction: 'long' as const, buyPrice: '10.00', shares: 10_000, margin: '20000.00' };
    // exit 11.00: P/L 10,000; value 110,000 → fee 33.00, stamp 55.00; net 9,912.00; back to cash 29,912.00
    const gain = settle(p, '11.00', risk, '0');
    expect([gain.pnl, gain.sellFee, gain.stampDuty, gain.net, gain.toCash, gain.equity, gain.shortfall].map((d) => d.toFixed(2))).toEqual([
      '10000.00',
      '33.00',
      '55.00',
      '9912.00',
      '29912.00',
      '9912.00',
      '0.00',
    ]);
    // exit 8.00: P/L −20,000; value 80,000 → fee 24.00, stamp 40.00; net −20,064; margin + net = −64: free cash pays 64
    const loss = settle(p, '8.00', risk, '1000');
    expect([loss.toCash, loss.equity, loss.shortfall].map((d) => d.toFixed(2))).toEqual(['-64.00', '-20064.00', '0.00']);
    // the same with only 50.00 of free cash: 14.00 is the user's debt, no balance goes negative
    const debt = settle(p, '8.00', risk, '50');
    expect([debt.toCash, debt.equity, debt.shortfall].map((d) => d.toFixed(2))).toEqual(['-50.00', '-20050.00', '14.00']);
    // short: gains when the price falls
    const short = settle({ ...p, direction: 'short' }, '9.00', risk, '0');
    expect(short.pnl.toFixed(2)).toBe('10000.00');
    expect(short.net.toFixed(2)).toBe('9928.00'); // value 90,000: fee 27.00, stamp 45.00
  });

  it('charges deferral per day and finds the day’s limits half up', () => {
    expect(deferralOf('123456.78', '0.05').toFixed(2)).toBe('61.73');
    expect([limitsOf('10.05', 10).up, limitsOf('10.05', 10).down].map((d) => d.toFixed(2))).toEqual(['11.06', '9.05']);
    expect(limitsOf('3.33', 5).up.toFixed(2)).toBe('3.50');
  });
});
