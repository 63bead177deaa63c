import { useState } from 'react';
import { useLocation } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import { DIRECTIONS, ORDER_KINDS, ORDER_STATUSES, POSITION_SORTS, POSITION_STATUSES } from '@stock-admin/contracts';
import { filtersToSearch, toIso, useUrlFilters } from '../../../shared/filters';

/**
 * Filters of the trading lists (contracts `positionListQuery`, `orderListQuery`): search-form values →
 * the list payload and the URL query that keeps them (DESIGN §6). Text is trimmed, ids must be whole
 * numbers, enums outside the contract and unreadable times are dropped — a hand-edited URL cannot send
 * what the server would refuse. The time range is the form's `time` field, `startTime` / `endTime` (ISO)
 * on the wire and in the URL.
 *
 * The review queues open on pending orders; `status=all` (kept in the URL, never sent) is the operator's
 * choice to see every status.
 */
export const POSITION_FILTER_KEYS = ['userId', 'phone', 'agentId', 'gid', 'direction', 'status', 'locked', 'startTime', 'endTime'] as const;
export const ORDER_FILTER_KEYS = ['userId', 'phone', 'agentId', 'gid', 'direction', 'kind', 'status', 'startTime', 'endTime'] as const;
export const ALL = 'all';

export type Filters = Record<string, string>;
type Values = Record<string, unknown>;

const text = (v: unknown, max: number): string | undefined => {
  if (typeof v !== 'string' && typeof v !== 'number') return undefined;
  const s = String(v).trim();
  return s ? s.slice(0, max) : undefined;
};
const id = (v: unknown): string | undefined => {
  const s = text(v, 12);
  return s && /^\d+$/.test(s) && Number(s) > 0 ? String(Number(s)) : undefined;
};
const oneOf = (v: unknown, allowed: readonly string[]): string | undefined =>
  typeof v === 'string' && allowed.includes(v) ? v : undefined;
const yesNo = (v: unknown): string | undefined =>
  v === true || v === 'true' || v === '1' ? 'true' : v === false || v === 'false' || v === '0' ? 'false' : undefined;
/** A stock: `sh600000` or a bare code `600000` (the server matches either). */
const stock = (v: unknown): string | undefined => {
  const s = text(v, 10)?.toLowerCase();
  return s && /^((sh|sz|bj)\d{6}|\d{6})$/.test(s) ? s : undefined;
};

function drop(o: Record<string, string | undefined>): Filters {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Filters;
}

/** The `time` range of the form, or `startTime` / `endTime` already on the wire (from the URL). */
function range(v: Values): { startTime?: string; endTime?: string } {
  const [a, b] = Array.isArray(v.time) ? (v.time as unknown[]) : [v.startTime, v.endTime];
  return { startTime: toIso(a), endTime: toIso(b) };
}

const common = (v: Values) => ({
  userId: id(v.userId),
  phone: text(v.phone, 20),
  agentId: id(v.agentId),
  gid: stock(v.gid),
  direction: oneOf(v.direction, DIRECTIONS),
  ...range(v),
});

/** 持仓管理 / 创建持仓记录 search form (or URL) → filters. */
export function positionFiltersOf(v: Values): Filters {
  return drop({ ...common(v), status: oneOf(v.status, POSITION_STATUSES), locked: yesNo(v.locked) });
}

/**
 * 委托列表 / 买入列表 / 卖出列表 search form (or URL) → filters. `defaultStatus` (the queues: pending) is
 * used when no status was chosen; `all` stands for "every status".
 */
export function orderFiltersOf(v: Values, opts: { defaultStatus?: string } = {}): Filters {
  const status = oneOf(v.status, [...ORDER_STATUSES, ALL]) ?? opts.defaultStatus;
  return drop({ ...common(v), kind: oneOf(v.kind, ORDER_KINDS), status });
}

/** Filters → the list payload (`all` is not a status the server knows). */
export function toQuery(f: Filters): Filters {
  const { status, ...rest } = f;
  return status && status !== ALL ? { ...rest, status } : rest;
}

/**
 * Filters → what the URL keeps: a queue's default status is left out, so that the page opened from the
 * menu or the header badge (no query) and the page after its first request have the same address (one tab).
 */
export function urlFiltersOf(f: Filters, defaultStatus?: string): Filters {
  const { status, ...rest } = f;
  return status && status !== defaultStatus ? { ...rest, status } : rest;
}

/** ProTable's sorter → `sortField` / `sortOrder` (only the fields the contract sorts positions by). */
export function positionSortOf(sort: Record<string, 'ascend' | 'descend' | null | undefined> = {}): Filters {
  const field = Object.keys(sort).find((k) => sort[k] && (POSITION_SORTS as readonly string[]).includes(k));
  return field ? { sortField: field, sortOrder: sort[field] === 'ascend' ? 'asc' : 'desc' } : {};
}

/** Filters → the search form's values: the time range as `[from, to]`, the agent as a number (select option). */
export function formValuesOf(f: Filters): Values {
  const { startTime, endTime, agentId, ...rest } = f;
  const out: Values = { ...rest };
  if (agentId) out.agentId = Number(agentId);
  if (startTime || endTime)
    out.time = [startTime ? dayjs(startTime) : undefined, endTime ? dayjs(endTime) : undefined] as (Dayjs | undefined)[];
  return out;
}

export const positionSearchOf = (f: Filters): string => filtersToSearch(f, POSITION_FILTER_KEYS);
export const orderSearchOf = (f: Filters): string => filtersToSearch(f, ORDER_FILTER_KEYS);

/** The listed keys of a URL query, as they are (logs' `searchToValues` keeps `endTime` for its own range field). */
function valuesOfSearch(search: string, keys: readonly string[]): Values {
  const q = new URLSearchParams(search);
  return Object.fromEntries(keys.flatMap((k) => (q.get(k) ? [[k, q.get(k)]] : [])));
}

/** A URL query → filters (what the server would refuse is left out). */
export const positionFiltersOfSearch = (search: string): Filters => positionFiltersOf(valuesOfSearch(search, POSITION_FILTER_KEYS));
export const orderFiltersOfSearch = (search: string, opts: { defaultStatus?: string } = {}): Filters =>
  orderFiltersOf(valuesOfSearch(search, ORDER_FILTER_KEYS), opts);

/**
 * A trading list's filters in its URL: `initial` (the search form's values, read once from the query the
 * page was opened with) and `sync(filters)` to call with each request's filters (logs' `useUrlFilters`).
 */
export function useListFilters(keys: readonly string[], parse: (search: string) => Filters) {
  const { search } = useLocation();
  const [initial] = useState(() => formValuesOf(parse(search)));
  const { sync } = useUrlFilters(keys);
  return { initial, sync };
}

/** The order list filtered to one user (the positions page's row link). */
export const ordersOfUser = (userId: number): string => `/position/orderList?${orderSearchOf({ userId: String(userId) })}`;
