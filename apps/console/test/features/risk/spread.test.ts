import { describe, expect, it } from 'vitest';
import { addSpreadRuleInput, type SpreadRuleItem } from '@stock-admin/contracts';
import { formToInput, ruleScope, toggled } from '../../../src/features/risk/lib/spread';
import { checkWith } from '../../../src/features/risk/lib/validate';

const rule = (over: Partial<SpreadRuleItem> = {}): SpreadRuleItem => ({
  id: 5,
  type: 'change_pct',
  start: '-2',
  end: '3',
  prefix: null,
  ratePct: '0.05',
  enabled: true,
  note: '',
  updatedAt: '2026-11-24T02:00:00.000Z',
  ...over,
});

describe('spread rules', () => {
  it('sends the band or the prefix, whichever the type uses', () => {
    expect(formToInput({ type: 'amount', start: '0', end: '50000', prefix: '688', ratePct: '0.1', enabled: true, note: ' big ' })).toEqual({
      type: 'amount',
      start: '0',
      end: '50000',
      prefix: undefined,
      ratePct: '0.1',
      enabled: true,
      note: 'big',
    });
    expect(formToInput({ type: 'code_prefix', start: '1', end: '2', prefix: '688', ratePct: '0.2', enabled: false })).toMatchObject({
      start: undefined,
      end: undefined,
      prefix: '688',
    });
  });

  it('the enable switch saves the whole rule with only `enabled` changed', () => {
    expect(toggled(rule(), false)).toEqual({
      id: 5,
      type: 'change_pct',
      start: '-2',
      end: '3',
      prefix: undefined,
      ratePct: '0.05',
      enabled: false,
      note: '',
    });
    expect(checkWith(addSpreadRuleInput, toggled(rule(), false))).toEqual([]);
  });

  it('is checked like the contract: a band needs start < end, a prefix needs digits', () => {
    expect(
      checkWith(addSpreadRuleInput, formToInput({ type: 'price', start: '10', end: '5', ratePct: '0.1', enabled: true })).map((i) => [
        i.key,
        i.code,
      ]),
    ).toEqual([['end', 'invalid_range']]);
    expect(
      checkWith(addSpreadRuleInput, formToInput({ type: 'price', start: '-1', end: '5', ratePct: '0.1', enabled: true })).map(
        (i) => i.code,
      ),
    ).toEqual(['invalid_number']);
    expect(
      checkWith(addSpreadRuleInput, formToInput({ type: 'code_prefix', prefix: '', ratePct: '0.1', enabled: true })).map((i) => [
        i.key,
        i.code,
      ]),
    ).toEqual([['prefix', 'required']]);
    expect(
      checkWith(addSpreadRuleInput, formToInput({ type: 'change_pct', start: '-2', end: '3', ratePct: '', enabled: true })).map(
        (i) => i.key,
      ),
    ).toEqual(['ratePct']);
  });

  it('reads the scope with its unit', () => {
    expect(ruleScope(rule())).toBe('-2% – 3%');
    expect(ruleScope(rule({ type: 'amount', start: '0', end: '50000' }))).toBe('¥0.00 – ¥50,000.00');
    expect(ruleScope(rule({ type: 'code_prefix', prefix: '688' }))).toBe('688*');
  });
});
