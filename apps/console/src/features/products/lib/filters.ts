import { BOARDS, MARKETS, STOCK_SORT_FIELDS } from '@stock-admin/contracts';
import { filtersToSearch, searchToValues } from '../../../shared/filters';

/**
 * The product lists' filters (contracts `stockFilters`, `indexFilters`): search-form values → the
 * list and export payloads, and the URL query that keeps them (DESIGN §6: a reload keeps the
 * filters). Text is trimmed, enums outside the contract and unreadable yes/no values are dropped, so
 * a hand-edited URL cannot send what the server would refuse. Yes/no travel as 'true' / 'false'.
 */
export const STOCK_FILTER_KEYS = ['code', 'name', 'pinyin', 'market', 'board', 'shown', 'locked'] as const;
export const INDEX_FILTER_KEYS = ['code', 'name', 'tradable', 'homeShown', 'listShown'] as const;

export type Filters = Record<string, string>;
type Values = Record<string, unknown>;

const text = (v: unknown, max: number): string | undefined => {
  if (typeof v !== 'string' && typeof v !== 'number') return undefined;
  const s = String(v).trim();
  return s ? s.slice(0, max) : undefined;
};
const oneOf = (v: unknown, allowed: readonly string[]): string | undefined =>
  typeof v === 'string' && allowed.includes(v) ? v : undefined;
const yesNo = (v: unknown): string | undefined =>
  v === true || v === 'true' || v === '1' ? 'true' : v === false || v === 'false' || v === '0' ? 'false' : undefined;

function drop(o: Record<string, string | undefined>): Filters {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Filters;
}

/** Stock-list search form → `stockFilters` (list and export). */
export function stockFiltersOf(v: Values): Filters {
  return drop({
    code: text(v.code, 10),
    name: text(v.name, 50),
    pinyin: text(v.pinyin, 20),
    market: oneOf(v.market, MARKETS),
    board: oneOf(v.board, BOARDS),
    shown: yesNo(v.shown),
    locked: yesNo(v.locked),
  });
}

/** Index-list search form → `indexFilters`. */
export function indexFiltersOf(v: Values): Filters {
  return drop({
    code: text(v.code, 10),
    name: text(v.name, 50),
    tradable: yesNo(v.tradable),
    homeShown: yesNo(v.homeShown),
    listShown: yesNo(v.listShown),
  });
}

/** ProTable's sorter → `sortField` / `sortOrder` of the stock list (only the fields the contract sorts by). */
export function stockSortOf(sort: Record<string, 'ascend' | 'descend' | null | undefined> = {}): Filters {
  const field = Object.keys(sort).find((k) => sort[k] && (STOCK_SORT_FIELDS as readonly string[]).includes(k));
  return field ? { sortField: field, sortOrder: sort[field] === 'ascend' ? 'asc' : 'desc' } : {};
}

/** Filters → the page's URL query (`code=600519&market=sh&shown=true`). */
export const stockSearchOf = (f: Filters): string => filtersToSearch(f, STOCK_FILTER_KEYS);
export const indexSearchOf = (f: Filters): string => filtersToSearch(f, INDEX_FILTER_KEYS);

/** A URL query → the search form's starting values (what the server would refuse is left out). */
export const stockValuesOf = (search: string): Filters => stockFiltersOf(searchToValues(search, STOCK_FILTER_KEYS));
export const indexValuesOf = (search: string): Filters => indexFiltersOf(searchToValues(search, INDEX_FILTER_KEYS));
