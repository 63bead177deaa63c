import type { ColumnsState, ProColumns } from '@ant-design/pro-components';

/**
 * What an operator must see of a list (issue 39): the columns in view without scrolling at 1440 px, and the
 * phone card. Columns are named by their `key`, else their `dataIndex`; the actions column (`valueType: 'option'`)
 * is always shown and always on the card.
 *
 *   const LAYOUT: ListLayout = {
 *     id: 'positions',
 *     must: ['user', 'stock', 'directionTag', 'shares', 'buyPrice', 'last', 'pnl', 'pnlPct', 'netPnl', 'margin', 'status'],
 *     card: { head: ['user', 'status'], fields: ['stock', 'shares', 'pnl', 'pnlPct'] },
 *   };
 */
export interface ListLayout {
  /** The list's name in the operator's remembered column settings. */
  id: string;
  /** Shown at first; the others start hidden (the column settings show them) and are read in the row's expansion. */
  must: readonly string[];
  /** The phone card: its heading (first line: who or what, then the status), then its labelled fields. */
  card: { head: readonly string[]; fields: readonly string[] };
}

/** Below this width (antd's `md`) a list renders as cards and its filters move into a drawer. */
export const PHONE_MAX_WIDTH = 767;

type Column<T> = ProColumns<T>;

/** The name of a column: `key`, else its `dataIndex` (joined), else none (a column the layout cannot name). */
export function columnName<T>(c: Column<T>): string | undefined {
  if (c.key != null) return String(c.key);
  if (Array.isArray(c.dataIndex)) return c.dataIndex.join('.');
  return c.dataIndex != null ? String(c.dataIndex) : undefined;
}

export const isActions = <T>(c: Column<T>) => c.valueType === 'option';

/** A column drawn in the table (not a search field only). */
export const inTable = <T>(c: Column<T>) => !c.hideInTable;

/**
 * Every column named (`key` set from `dataIndex` where missing), so that ProTable's column settings and the
 * layout speak of the same names.
 */
export function namedColumns<T>(columns: readonly Column<T>[]): Column<T>[] {
  return columns.map((c) => {
    const name = columnName(c);
    return name != null && c.key == null ? { ...c, key: name } : c;
  });
}

/** The column settings a list starts with: the must-see columns and the actions shown, the rest hidden. */
export function defaultColumnsState<T>(columns: readonly Column<T>[], layout: ListLayout): Record<string, ColumnsState> {
  const state: Record<string, ColumnsState> = {};
  for (const c of columns) {
    const name = columnName(c);
    if (name == null || !inTable(c) || isActions(c)) continue;
    if (!layout.must.includes(name)) state[name] = { show: false };
  }
  return state;
}

/** The table's columns hidden under `state` (in the columns' order): what the row's expansion shows. */
export function hiddenColumns<T>(columns: readonly Column<T>[], state: Record<string, ColumnsState>): Column<T>[] {
  return columns.filter((c) => {
    const name = columnName(c);
    return name != null && inTable(c) && !isActions(c) && state[name]?.show === false;
  });
}

/** The columns of `names`, in that order (names that match no column are left out). */
export function pick<T>(columns: readonly Column<T>[], names: readonly string[]): Column<T>[] {
  return names.flatMap((n) => columns.filter((c) => columnName(c) === n && inTable(c)));
}

/**
 * How many filters are set in a table request's params: every value but paging, empty text, empty lists and the
 * page's own fixed params.
 */
export function activeFilterCount(params: Record<string, unknown>, fixed: readonly string[] = []): number {
  let n = 0;
  for (const [k, v] of Object.entries(params)) {
    if (k === 'current' || k === 'pageSize' || fixed.includes(k)) continue;
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v) && v.every((x) => x === undefined || x === null || x === '')) continue;
    n += 1;
  }
  return n;
}

/**
 * The ids of the rows that changed between two loads of the same page (a row new to the page counts): what a
 * live refresh highlights. Rows are compared as the server sent them, but for `ignore`: the fields a live quote moves
 * (a position's price and P/L), which the row's cells already followed — compared with them, every open position
 * flashed at every reload (issue 64: every 5 s on a busy platform, the whole page animating).
 */
export function changedRows<R extends { id: number | string }>(
  before: readonly R[],
  after: readonly R[],
  ignore: readonly string[] = [],
): Set<R['id']> {
  const skip = new Set(ignore);
  const text = (r: R) => (skip.size ? JSON.stringify(r, (k, v: unknown) => (skip.has(k) ? undefined : v)) : JSON.stringify(r));
  const old = new Map(before.map((r) => [r.id, text(r)] as const));
  const out = new Set<R['id']>();
  for (const r of after) if (old.get(r.id) !== text(r)) out.add(r.id);
  return out;
}
