import { pageOf } from '../lib/proTable';
/**
 * ProTable search-form values → the list/export filters of the funds and channel endpoints. Empty values are
 * left out; amounts stay decimal strings; times go as ISO instants (the operator's time zone is
 * the one the picker showed, whatever the server's default zone is).
 */

export type Params = Record<string, unknown> & { current?: number; pageSize?: number };

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

// Time ranges are read as everywhere (shared/filters.ts).
export { timeRange, toIso } from './filters';

/** `search.transform` of an amount-range column: `[min, max]` (decimal strings) → `{minAmount, maxAmount}`. */
export function amountRange(v: unknown): Record<string, string | undefined> {
  const [a, b] = Array.isArray(v) ? v : [];
  const s = (x: unknown) => (isEmpty(x) ? undefined : String(x).trim() || undefined);
  return { minAmount: s(a), maxAmount: s(b) };
}

/**
 * The filters of a ProTable request (paging removed, empties dropped), typed as the endpoint's input `Q`
 * (inferred from where they go: the search fields are named after the contract's filters; the server validates).
 */
export function filtersOf<Q extends object = Record<string, unknown>>(params: Params): Q {
  const { current: _c, pageSize: _p, ...rest } = params;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(rest)) {
    if (isEmpty(v)) continue;
    out[k] = typeof v === 'string' ? v.trim() : v;
    if (out[k] === '') delete out[k];
  }
  return out as Q;
}

/** ProTable request params → `{pageNum, pageSize, ...filters}`, typed as the list's input `Q` (see filtersOf). */
export function toListQuery<Q extends object = Record<string, unknown>>(params: Params): Q {
  return { ...pageOf(params), ...filtersOf(params) } as Q;
}
