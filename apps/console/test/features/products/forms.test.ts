import { describe, expect, it } from 'vitest';
import { addIndexInput, addStockInput, updateIndexInput } from '@stock-admin/contracts';
import {
  descriptionError,
  formToIndexAdd,
  formToIndexUpdate,
  formToStockAdd,
  formToStockUpdate,
  indexCodeError,
  lotsError,
  lotsOrderError,
  nameError,
  priceError,
  rateError,
  stockCodeError,
  stockCodePreview,
} from '../../../src/features/products/lib/forms';
import { ratePercent } from '../../../src/features/products/lib/format';

describe('stock drawer: the code for its market (stock-codes.ts)', () => {
  it('wants six digits', () => {
    expect(stockCodeError('sh', '')).toBe('required');
    expect(stockCodeError('sh', '60051')).toBe('codeFormat');
    expect(stockCodeError('sh', '60051a')).toBe('codeFormat');
    expect(stockCodeError('sh', '6005190')).toBe('codeFormat');
  });

  it('accepts each market its own prefixes and names the mismatch', () => {
    expect(stockCodeError('sh', '600519')).toBeNull();
    expect(stockCodeError('sh', '688981')).toBeNull();
    expect(stockCodeError('sz', '000001')).toBeNull();
    expect(stockCodeError('sz', '300750')).toBeNull();
    expect(stockCodeError('bj', '830799')).toBeNull();
    expect(stockCodeError('bj', '920001')).toBeNull();
    expect(stockCodeError('sz', '600519')).toBe('codeMarket');
    expect(stockCodeError('sh', '300750')).toBe('codeMarket');
    expect(stockCodeError('sh', '999999')).toBe('codeFormat');
  });

  it('previews the board and gid of a valid code', () => {
    expect(stockCodePreview('sh', '688981')).toEqual({ board: 'star', gid: 'sh688981' });
    expect(stockCodePreview('sz', '300750')).toEqual({ board: 'chinext', gid: 'sz300750' });
    expect(stockCodePreview('sz', '600519')).toBeNull();
  });
});

describe('index drawer: the code for its market', () => {
  it('takes 000xxx in Shanghai, 399xxx in Shenzhen, 899xxx in Beijing', () => {
    expect(indexCodeError('sh', '000300')).toBeNull();
    expect(indexCodeError('sz', '399001')).toBeNull();
    expect(indexCodeError('bj', '899050')).toBeNull();
    expect(indexCodeError('sz', '000300')).toBe('codeMarket');
    expect(indexCodeError('sh', '00030')).toBe('codeFormat');
    expect(indexCodeError('sh', undefined)).toBe('required');
  });
});

describe('field rules mirror the contract', () => {
  it('name: required, at most 50 characters', () => {
    expect(nameError('  ')).toBe('required');
    expect(nameError('贵州茅台')).toBeNull();
    expect(nameError('x'.repeat(51))).toBe('nameLength');
  });

  it('spread rate: optional, 0…1 with at most six decimals', () => {
    for (const ok of ['', null, '0', '0.001', '0.123456', '1', '1.000000']) expect(rateError(ok), String(ok)).toBeNull();
    for (const bad of ['1.0000001', '0.1234567', '1.5', '-0.1', '2', 'abc', '.5']) expect(rateError(bad), bad).toBe('rate');
    // the same verdicts as the contract's schema
    for (const v of ['0.001', '0.1234567', '1.5'])
      expect(addStockInput.safeParse({ code: '600519', name: 'x', market: 'sh', spreadRate: v }).success).toBe(rateError(v) === null);
  });

  it('money per lot / point: required, ≥ 0, at most four decimals', () => {
    expect(priceError('')).toBe('required');
    for (const ok of ['0', '100', '12.5', '0.0001', '99999999999999.9999']) expect(priceError(ok), ok).toBeNull();
    for (const bad of ['-1', '1.23456', 'abc', '1e3', '123456789012345']) expect(priceError(bad), bad).toBe('price');
  });

  it('lots: whole numbers 1…1,000,000, min ≤ max', () => {
    expect(lotsError('')).toBe('required');
    expect(lotsError('0')).toBe('lots');
    expect(lotsError('1.5')).toBe('lots');
    expect(lotsError('1000001')).toBe('lots');
    expect(lotsError(100)).toBeNull();
    expect(lotsOrderError('10', '5')).toBe('lotsOrder');
    expect(lotsOrderError('5', '5')).toBeNull();
    expect(lotsOrderError('5', '10')).toBeNull();
    expect(lotsOrderError('x', '1')).toBeNull(); // the min field reports its own problem
  });

  it('description: at most 2000 characters', () => {
    expect(descriptionError('')).toBeNull();
    expect(descriptionError('x'.repeat(2001))).toBe('descriptionLength');
  });
});

describe('form values → payloads the contract accepts', () => {
  it('stock add and update', () => {
    const add = formToStockAdd({ market: 'sz', code: ' 300750 ', name: ' 宁德时代 ', spreadRate: '0.002', shown: true });
    expect(add).toEqual({ market: 'sz', code: '300750', name: '宁德时代', spreadRate: '0.002', shown: true });
    expect(addStockInput.safeParse(add).success).toBe(true);
    expect(formToStockAdd({ market: 'sh', code: '600519', name: 'x', spreadRate: null, shown: false })).not.toHaveProperty('spreadRate');
    expect(formToStockUpdate(3, { name: 'y', spreadRate: '0.5.' })).toEqual({ id: 3, name: 'y', spreadRate: '0.5' });
  });

  it('index add and update', () => {
    const v = {
      market: 'sh' as const,
      code: '000300',
      name: '沪深300',
      marginPerLot: '5000',
      feePerLot: '12.5',
      valuePerPoint: '300',
      minLots: '1',
      maxLots: 50,
      tradable: true,
      homeShown: true,
      listShown: false,
    };
    const add = formToIndexAdd(v);
    expect(add).toMatchObject({ code: '000300', market: 'sh', minLots: 1, maxLots: 50, feePerLot: '12.5', description: '' });
    expect(addIndexInput.safeParse(add).success).toBe(true);
    expect(updateIndexInput.safeParse(formToIndexUpdate(9, v)).success).toBe(true);
  });
});

describe('spread rate as a percentage', () => {
  it('moves the point without floats', () => {
    expect(ratePercent('0.001')).toBe('0.1%');
    expect(ratePercent('0.000125')).toBe('0.0125%');
    expect(ratePercent('0.5')).toBe('50%');
    expect(ratePercent('1')).toBe('100%');
    expect(ratePercent('0')).toBe('0%');
    expect(ratePercent('0.070000')).toBe('7%');
    expect(ratePercent(null)).toBe('-');
  });
});
