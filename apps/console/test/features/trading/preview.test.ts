import { describe, expect, it } from 'vitest';
import { DEFAULT_STOCK_RISK } from '@stock-admin/contracts';
import { boardOfGid, createPreview, limitsOf, withinLimits } from '../../../src/features/trading/lib/preview';

const risk = { buyFeePct: '0.03', minFee: '5.00' };

describe('create-position preview', () => {
  it('amount = price × shares; margin = amount ÷ leverage rounded UP to the cent; fee = max(minFee, amount × rate %)', () => {
    // 12.34 × 700 = 8638.00; 8638 ÷ 3 = 2879.3333… → 2879.34 (up); 8638 × 0.03 % = 2.5914 → below the 5.00 minimum
    expect(createPreview({ price: '12.34', shares: 700, leverage: 3 }, risk)).toEqual({
      amount: '8638.00',
      margin: '2879.34',
      fee: '5.00',
      total: '2884.34',
    });
    // 1800.00 × 1000 = 1,800,000.00; ÷ 7 = 257142.857… → 257142.86; fee 540.00 (above the minimum)
    expect(createPreview({ price: '1800', shares: 1000, leverage: 7 }, risk)).toEqual({
      amount: '1800000.00',
      margin: '257142.86',
      fee: '540.00',
      total: '257682.86',
    });
    // an exact division is not rounded up: 10.01 × 300 = 3003.00 ÷ 3 = 1001.00
    expect(createPreview({ price: '10.01', shares: 300, leverage: 3 }, risk)?.margin).toBe('1001.00');
  });

  it('rounds the fee half up and the amount to cents from four-decimal prices', () => {
    // 12350.00 × 0.05 % = 6.175 → 6.18; 12345.00 × 0.05 % = 6.1725 → 6.17
    expect(createPreview({ price: '123.50', shares: 100, leverage: 1 }, { buyFeePct: '0.05', minFee: '0' })?.fee).toBe('6.18');
    expect(createPreview({ price: '123.45', shares: 100, leverage: 1 }, { buyFeePct: '0.05', minFee: '0' })?.fee).toBe('6.17');
    // 3.3335 × 100 = 333.35; 3.33345 is not a price (five decimals)
    expect(createPreview({ price: '3.3335', shares: 100, leverage: 1 }, risk)?.amount).toBe('333.35');
    expect(createPreview({ price: '3.33345', shares: 100, leverage: 1 }, risk)).toBeNull();
  });

  it('charges no fee at a zero rate, whatever the minimum', () => {
    expect(createPreview({ price: '10', shares: 100, leverage: 2 }, { buyFeePct: '0', minFee: '5.00' })).toEqual({
      amount: '1000.00',
      margin: '500.00',
      fee: '0.00',
      total: '500.00',
    });
  });

  it('has nothing to show until price, shares, leverage and the rules are known', () => {
    expect(createPreview({ price: '', shares: 100, leverage: 2 }, risk)).toBeNull();
    expect(createPreview({ price: '0', shares: 100, leverage: 2 }, risk)).toBeNull();
    expect(createPreview({ price: '10', shares: null, leverage: 2 }, risk)).toBeNull();
    expect(createPreview({ price: '10', shares: 100, leverage: 0 }, risk)).toBeNull();
    expect(createPreview({ price: '10', shares: 100, leverage: 2 }, null)).toBeNull();
    expect(createPreview({ price: '10', shares: 100, leverage: 2 }, DEFAULT_STOCK_RISK)?.fee).toBe('5.00');
  });
});

describe("today's limits", () => {
  it('±10 % main, ±5 % ST, ±20 % STAR / ChiNext, ±30 % Beijing, half up to the cent', () => {
    expect(limitsOf('10.00', 'main', false)).toEqual({ up: '11.00', down: '9.00', pct: 10 });
    expect(limitsOf('10.00', 'main', true)).toEqual({ up: '10.50', down: '9.50', pct: 5 });
    expect(limitsOf('10.00', 'star', false)).toEqual({ up: '12.00', down: '8.00', pct: 20 });
    expect(limitsOf('10.00', 'bj', false)).toEqual({ up: '13.00', down: '7.00', pct: 30 });
    expect(limitsOf('3.33', 'main', false)).toEqual({ up: '3.66', down: '3.00', pct: 10 }); // 3.663, 2.997
    expect(limitsOf(null, 'main', false)).toBeNull();
  });

  it('reads the board from the gid and ST from the name', () => {
    expect(boardOfGid('sh688981', '中芯国际')).toEqual({ board: 'star', st: false });
    expect(boardOfGid('sz300750')).toEqual({ board: 'chinext', st: false });
    expect(boardOfGid('bj920002')).toEqual({ board: 'bj', st: false });
    expect(boardOfGid('sz000001', '*ST 平安')).toEqual({ board: 'main', st: true });
    expect(boardOfGid('sh300750')).toBeNull();
  });

  it('checks a price against the limits (inclusive)', () => {
    const l = { up: '11.00', down: '9.00' };
    expect(withinLimits('11.00', l)).toBe(true);
    expect(withinLimits('9.00', l)).toBe(true);
    expect(withinLimits('11.01', l)).toBe(false);
    expect(withinLimits('8.99', l)).toBe(false);
    expect(withinLimits('10', null)).toBeNull();
  });
});
