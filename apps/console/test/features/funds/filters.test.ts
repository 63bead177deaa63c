import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { amountRange, filtersOf, timeRange, toIso, toListQuery } from '../../../src/shared/fundFilters';

describe('ProTable params → list query', () => {
  it('maps paging and drops empty filters, trimming text', () => {
    expect(
      toListQuery({ current: 2, pageSize: 20, keyword: ' 138 ', status: 0, agentId: undefined, channelId: null, minAmount: '', x: [] }),
    ).toEqual({ pageNum: 2, pageSize: 20, keyword: '138', status: 0 });
    expect(toListQuery({})).toEqual({ pageNum: 1, pageSize: 10 });
  });

  it('gives the export the same filters without paging', () => {
    expect(filtersOf({ current: 3, pageSize: 50, keyword: '张', status: '1', minAmount: '100.5' })).toEqual({
      keyword: '张',
      status: '1',
      minAmount: '100.5',
    });
    expect(filtersOf({ keyword: '   ' })).toEqual({});
  });

  it('keeps amounts as the decimal strings typed', () => {
    expect(amountRange(['100.50', undefined])).toEqual({ minAmount: '100.50', maxAmount: undefined });
    expect(amountRange([undefined, '99999999999999999.99'])).toEqual({ minAmount: undefined, maxAmount: '99999999999999999.99' });
    expect(amountRange(undefined)).toEqual({ minAmount: undefined, maxAmount: undefined });
  });

  it('sends times as instants of the operator’s time zone', () => {
    const r = timeRange(['2026-01-02 09:30:00', dayjs('2026-01-03T18:00:00')]);
    expect(r.beginTime).toBe(dayjs('2026-01-02 09:30:00').toISOString());
    expect(r.endTime).toBe(dayjs('2026-01-03T18:00:00').toISOString());
    expect(timeRange(undefined)).toEqual({ beginTime: undefined, endTime: undefined });
    expect(toIso('not a date')).toBeUndefined();
  });
});
