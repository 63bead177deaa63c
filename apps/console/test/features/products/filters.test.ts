import { describe, expect, it } from 'vitest';
import { indexListQuery, stockListQuery } from '@stock-admin/contracts';
import {
  indexFiltersOf,
  indexSearchOf,
  indexValuesOf,
  stockFiltersOf,
  stockSearchOf,
  stockSortOf,
  stockValuesOf,
} from '../../../src/features/products/lib/filters';

describe('stock filters in the URL', () => {
  it('round-trips every filter: form → URL → form after a reload', () => {
    const form = { code: ' 600519 ', name: '茅台', pinyin: 'gz', market: 'sh', board: 'main', shown: 'true', locked: 'false' };
    const filters = stockFiltersOf(form);
    expect(filters).toEqual({ code: '600519', name: '茅台', pinyin: 'gz', market: 'sh', board: 'main', shown: 'true', locked: 'false' });
    const search = stockSearchOf(filters);
    expect(search).toBe('code=600519&name=%E8%8C%85%E5%8F%B0&pinyin=gz&market=sh&board=main&shown=true&locked=false');
    expect(stockValuesOf(`?${search}`)).toEqual(filters);
    // what the page sends is what the contract accepts
    const q = stockListQuery.parse({ pageNum: 1, pageSize: 10, ...stockValuesOf(search) });
    expect(q).toMatchObject({ code: '600519', market: 'sh', board: 'main', shown: true, locked: false });
  });

  it('leaves empty filters out of the URL', () => {
    const f = stockFiltersOf({ code: '  ', name: undefined, market: undefined, shown: 'false', current: 2, pageSize: 20 });
    expect(f).toEqual({ shown: 'false' });
    expect(stockSearchOf(f)).toBe('shown=false');
    expect(stockSearchOf({})).toBe('');
  });

  it('drops what the server would refuse from a hand-edited URL', () => {
    expect(stockValuesOf('market=hk&board=sme&shown=maybe&locked=1&code=000001&other=x')).toEqual({ locked: 'true', code: '000001' });
  });

  it('reads the table sorter for the fields the contract sorts by only', () => {
    expect(stockSortOf({ changePct: 'descend' })).toEqual({ sortField: 'changePct', sortOrder: 'desc' });
    expect(stockSortOf({ turnover: 'ascend' })).toEqual({ sortField: 'turnover', sortOrder: 'asc' });
    expect(stockSortOf({ name: 'ascend' })).toEqual({});
    expect(stockSortOf({ changePct: null })).toEqual({});
  });
});

describe('index filters in the URL', () => {
  it('round-trips code, name, tradable, home-shown and list-shown', () => {
    const filters = indexFiltersOf({ code: '000300', name: '沪深', tradable: 'true', homeShown: 'false', listShown: true });
    expect(filters).toEqual({ code: '000300', name: '沪深', tradable: 'true', homeShown: 'false', listShown: 'true' });
    const search = indexSearchOf(filters);
    expect(indexValuesOf(search)).toEqual(filters);
    expect(indexListQuery.parse({ pageNum: 1, pageSize: 10, ...indexValuesOf(search) })).toMatchObject({
      tradable: true,
      homeShown: false,
      listShown: true,
    });
  });

  it('ignores stock-only keys', () => {
    expect(indexValuesOf('market=sh&tradable=0')).toEqual({ tradable: 'false' });
  });
});
