import { describe, expect, it } from 'vitest';
import { DEFAULT_INDEX_RISK, DEFAULT_PRODUCT_CONFIG, DEFAULT_STOCK_RISK, indexRiskInput, stockRiskInput } from '@stock-admin/contracts';
import { diffDoc, formatValue } from '../../../src/features/risk/lib/diff';
import { INDEX_SECTIONS, PRODUCT_SECTIONS, STOCK_SECTIONS, docToForm } from '../../../src/features/risk/lib/fields';
import { checkWith, parsedWith } from '../../../src/features/risk/lib/validate';

const form = () => docToForm(DEFAULT_STOCK_RISK) as Record<string, unknown> & { maxRisePct: Record<string, string> };
const unit = (kind: string, on?: boolean) =>
  kind === 'bool' ? (on ? '开' : '关') : ({ shares: '股', minutes: '分钟', count: '次', lots: '手' } as Record<string, string>)[kind]!;

describe('risk form: what a save changes', () => {
  it('nothing when the form holds the document read (leverages as tags, decimals as typed)', () => {
    expect(diffDoc(STOCK_SECTIONS, DEFAULT_STOCK_RISK, form())).toEqual([]);
    // equal decimals and the same leverage set in another order are no change
    const same = { ...form(), buyFeePct: '0.030', minFee: '5', leverages: ['10', '1', '3', '2', '5', '5'] };
    expect(diffDoc(STOCK_SECTIONS, DEFAULT_STOCK_RISK, same)).toEqual([]);
  });

  it('lists each changed field in the form’s order, before → after, nested board bands included', () => {
    const next = form();
    next.pmEnd = '15:30';
    next.buyFeePct = '0.025';
    next.maxRisePct = { ...next.maxRisePct, star: '15' };
    next.leverages = ['1', '2', '20'];
    next.minShares = 200;
    const changes = diffDoc(STOCK_SECTIONS, DEFAULT_STOCK_RISK, next);
    expect(changes.map((c) => [c.key, c.section, c.before, c.after])).toEqual([
      ['buyFeePct', 'fees', '0.03', '0.025'],
      ['minShares', 'orders', 100, 200],
      ['leverages', 'orders', [1, 2, 3, 5, 10], ['1', '2', '20']],
      ['maxRisePct.star', 'bands', '18', '15'],
      ['pmEnd', 'hours', '15:00', '15:30'],
    ]);
  });

  it('compares switches and index settings too', () => {
    const changes = diffDoc(PRODUCT_SECTIONS, DEFAULT_PRODUCT_CONFIG, { ...DEFAULT_PRODUCT_CONFIG, holidayMode: true });
    expect(changes.map((c) => [c.key, c.before, c.after])).toEqual([['holidayMode', false, true]]);
    const idx = diffDoc(INDEX_SECTIONS, DEFAULT_INDEX_RISK, { ...DEFAULT_INDEX_RISK, deferralFeePerLot: '10', maxLotsPerUser: 50 });
    expect(idx.map((c) => c.key)).toEqual(['maxLotsPerUser']);
  });

  it('reads each value with its unit', () => {
    expect(formatValue('percent', '0.03', unit)).toBe('0.03%');
    expect(formatValue('money', '5.00', unit)).toBe('¥5.00');
    expect(formatValue('shares', 100, unit)).toBe('100 股');
    expect(formatValue('minutes', 5, unit)).toBe('5 分钟');
    expect(formatValue('leverages', [1, 2, 10], unit)).toBe('×1 ×2 ×10');
    expect(formatValue('bool', true, unit)).toBe('开');
    expect(formatValue('time', '09:30', unit)).toBe('09:30');
    expect(formatValue('percent', null, unit)).toBe('—');
  });
});

describe('risk form: the contract’s checks on each field', () => {
  const check = (over: Record<string, unknown>) => checkWith(stockRiskInput, { ...form(), ...over, version: 3 });

  it('accepts the defaults, normalising the leverage tags', () => {
    expect(check({})).toEqual([]);
    expect(parsedWith(stockRiskInput, { ...form(), leverages: ['10', '2', '2'], version: 3 })?.leverages).toEqual([2, 10]);
  });

  it('puts each issue on the field it names, as a message key', () => {
    expect(check({ buyFeePct: '101' })).toEqual([{ key: 'buyFeePct', path: ['buyFeePct'], code: 'invalid_percent' }]);
    expect(check({ minFee: null })).toEqual([{ key: 'minFee', path: ['minFee'], code: 'required' }]);
    expect(check({ minShares: 150 })).toEqual([{ key: 'minShares', path: ['minShares'], code: 'invalid_lot' }]);
    expect(check({ leverages: ['0', '2'] })).toEqual([{ key: 'leverages', path: ['leverages'], code: 'invalid_leverage' }]);
    expect(check({ maxBuysInWindow: 0 })).toEqual([{ key: 'maxBuysInWindow', path: ['maxBuysInWindow'], code: 'min', values: { min: 1 } }]);
    expect(check({ minHoldMinutes: 2000 })).toEqual([
      { key: 'minHoldMinutes', path: ['minHoldMinutes'], code: 'max', values: { max: 1440 } },
    ]);
    expect(check({ maxRisePct: { main: '9', star: 'x', chinext: '18', bj: '27' } })).toEqual([
      { key: 'maxRisePct.star', path: ['maxRisePct', 'star'], code: 'invalid_percent' },
    ]);
  });

  it('checks fields against each other: hours in order, min ≤ max shares, a force-close line above 0', () => {
    expect(check({ amEnd: '09:00' }).map((i) => [i.key, i.code])).toEqual([['amEnd', 'invalid_time_window']]);
    expect(check({ pmStart: '11:00' }).map((i) => [i.key, i.code])).toEqual([['pmStart', 'invalid_time_order']]);
    expect(check({ pmEnd: '24:00' })).toEqual([]);
    // an unreadable time is reported as such, not as out of order (zod still runs the order check on it)
    expect(check({ amStart: '9:30' }).map((i) => [i.key, i.code])).toEqual([['amStart', 'invalid_time']]);
    // …while an order problem elsewhere still shows
    expect(check({ amStart: '9:30', minShares: 2000, maxShares: 1000 }).map((i) => [i.key, i.code])).toEqual([
      ['amStart', 'invalid_time'],
      ['maxShares', 'invalid_range'],
    ]);
    expect(check({ minShares: 2000, maxShares: 1000 }).map((i) => [i.key, i.code])).toEqual([['maxShares', 'invalid_range']]);
    expect(check({ forceClosePct: '0' }).map((i) => [i.key, i.code])).toEqual([['forceClosePct', 'invalid_positive_percent']]);
    expect(checkWith(indexRiskInput, { ...DEFAULT_INDEX_RISK, version: 0, pmEnd: '12:00' }).map((i) => i.key)).toEqual(['pmEnd']);
  });
});
