import { useCallback, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import { pageOf } from '../lib/proTable';

/**
 * List filters (DESIGN §6 "filters kept in the URL"): the query of the last search is written to the
 * page's URL (a replace navigation: the tab keeps its place), and a page opened with a query starts
 * with those filters. Time ranges travel as ISO `beginTime` / `endTime`.
 */
export type Params = Record<string, unknown> & { current?: number; pageSize?: number };

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** A picker value → ISO instant (undefined when empty or unreadable). */
export function toIso(v: unknown): string | undefined {
  if (isEmpty(v)) return undefined;
  const d = dayjs(v as string);
  return d.isValid() ? d.toISOString() : undefined;
}

/** `search.transform` of a time-range column: `[from, to]` → `{beginTime, endTime}`. */
export function timeRange(v: unknown): Record<string, string | undefined> {
  const [a, b] = Array.isArray(v) ? v : [];
  return { beginTime: toIso(a), endTime: toIso(b) };
}

/**
 * ProTable params → the filters (paging removed, empties dropped, text trimmed), typed as the list's (or
 * export's) input `Q`, inferred from where it goes: the search form's fields are named after the contract's
 * filters, and the server validates them.
 */
export function filtersOf<Q extends object = Record<string, unknown>>(params: Params): Q {
  const { current: _c, pageSize: _p, keyword: _k, ...rest } = params;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(rest)) {
    if (isEmpty(v)) continue;
    const val = typeof v === 'string' ? v.trim() : v;
    if (val !== '') out[k] = val;
  }
  return out as Q;
}

/** ProTable params → `{pageNum, pageSize, ...filters}`, typed as the list's input `Q` (see filtersOf). */
export function toListQuery<Q extends object = Record<string, unknown>>(params: Params): Q {
  return { ...pageOf(params), ...filtersOf(params) } as Q;
}

/** Filters → URL query (only the listed keys; arrays comma-joined). */
export function filtersToSearch(filters: Record<string, unknown>, keys: readonly string[]): string {
  const q = new URLSearchParams();
  for (const k of keys) {
    const v = filters[k];
    if (isEmpty(v)) continue;
    q.set(k, Array.isArray(v) ? v.join(',') : String(v));
  }
  return q.toString();
}

/**
 * URL query → initial form values. `beginTime`/`endTime` become the `[from, to]` value of `rangeField`;
 * `numbers` are read as numbers (select options keyed by id).
 */
export function searchToValues(
  search: string,
  keys: readonly string[],
  opts: { rangeField?: string; numbers?: readonly string[] } = {},
): Record<string, unknown> {
  const q = new URLSearchParams(search);
  const out: Record<string, unknown> = {};
  for (const k of keys) {
    if (k === 'beginTime' || k === 'endTime') continue;
    const v = q.get(k);
    if (v === null || v === '') continue;
    out[k] = opts.numbers?.includes(k) && /^\d+$/.test(v) ? Number(v) : v;
  }
  if (opts.rangeField) {
    const b = q.get('beginTime');
    const e = q.get('endTime');
    const range: (Dayjs | undefined)[] = [b ? dayjs(b) : undefined, e ? dayjs(e) : undefined];
    if (range.some((d) => d?.isValid())) out[opts.rangeField] = range;
  }
  return out;
}

/**
 * Keeps a list's filters in its URL. `initialValues` for the search form (first render only) and
 * `sync(filters)` to call with each request's filters.
 */
export function useUrlFilters(keys: readonly string[], opts: { rangeField?: string; numbers?: readonly string[] } = {}) {
  const location = useLocation();
  const navigate = useNavigate();
  // The query the page was opened with (the search form reads its initial values once).
  const [initialValues] = useState(() => searchToValues(location.search, keys, opts));
  const here = useRef(location);
  here.current = location;
  const sync = useCallback(
    (filters: Record<string, unknown>) => {
      const s = filtersToSearch(filters, keys);
      const cur = here.current;
      const keep = new URLSearchParams(cur.search);
      // Only rewrite when the filters differ from what the URL says.
      if (filtersToSearch(Object.fromEntries(keep), keys) === s) return;
      navigate(`${cur.pathname}${s ? `?${s}` : ''}`, { replace: true });
    },
    [keys, navigate],
  );
  return { initialValues, sync };
}
