import { ACTIONS, type Action } from '@stock-admin/contracts';

/**
 * The role editor's grid (spec §6): one row per permission key, one column per action. The grid is a
 * map key → granted actions; it converts from a role's permission entries and to the `permissions`
 * payload of /admin/role/add.do and update.do. Pure, so every rule is unit-tested.
 */
export type Grid = Record<string, Action[]>;

export interface GridRow {
  key: string;
  name: string;
  /** false for the super-user's own powers (the operation log): never offered. */
  grantable: boolean;
}

const ORDER = new Map(ACTIONS.map((a, i) => [a, i]));
const sortActions = (actions: Iterable<string>): Action[] =>
  [...new Set(actions)].filter((a): a is Action => ORDER.has(a as Action)).sort((a, b) => ORDER.get(a)! - ORDER.get(b)!);

/** A role's permission entries (`{permissionId, actions}`) → grid. */
export function gridFromEntries(entries: readonly { permissionId: string; actions: readonly string[] }[] | undefined): Grid {
  const out: Grid = {};
  for (const e of entries ?? []) {
    const actions = sortActions([...(out[e.permissionId] ?? []), ...e.actions]);
    if (actions.length) out[e.permissionId] = actions;
  }
  return out;
}

/**
 * Grid → payload, in the catalogue's row order and the actions' order, empty rows left out. Rows that
 * are not grantable keep exactly what the role had (`original`), so editing a built-in role that lists
 * a super-only power neither adds nor drops it.
 */
export function gridToPayload(grid: Grid, rows: readonly GridRow[], original: Grid = {}): { permissionId: string; actions: Action[] }[] {
  const out: { permissionId: string; actions: Action[] }[] = [];
  for (const r of rows) {
    const actions = sortActions(r.grantable ? (grid[r.key] ?? []) : (original[r.key] ?? []));
    if (actions.length) out.push({ permissionId: r.key, actions });
  }
  return out;
}

export const has = (grid: Grid, key: string, action: Action) => !!grid[key]?.includes(action);

/** Can the editor change this cell? Not on a super-only row; not beyond what the editing admin holds. */
export type CellGuard = (key: string, action: Action) => boolean;

function setActions(grid: Grid, key: string, actions: Iterable<string>): Grid {
  const next = { ...grid };
  const sorted = sortActions(actions);
  if (sorted.length) next[key] = sorted;
  else delete next[key];
  return next;
}

/** Ticks or clears one cell. */
export function toggleCell(grid: Grid, key: string, action: Action, on: boolean): Grid {
  const cur = new Set(grid[key] ?? []);
  if (on) cur.add(action);
  else cur.delete(action);
  return setActions(grid, key, cur);
}

/** Ticks or clears every editable cell of a row. */
export function toggleRow(grid: Grid, key: string, on: boolean, editable: CellGuard, actions: readonly Action[] = ACTIONS): Grid {
  const cur = new Set(grid[key] ?? []);
  for (const a of actions) {
    if (!editable(key, a)) continue;
    if (on) cur.add(a);
    else cur.delete(a);
  }
  return setActions(grid, key, cur);
}

/** Ticks or clears one action on every editable row. */
export function toggleColumn(grid: Grid, rows: readonly GridRow[], action: Action, on: boolean, editable: CellGuard): Grid {
  let next = grid;
  for (const r of rows) if (editable(r.key, action)) next = toggleCell(next, r.key, action, on);
  return next;
}

/** Checkbox state of a row or column header over its editable cells. */
export function tally(cells: { checked: boolean; editable: boolean }[]): { checked: boolean; indeterminate: boolean; disabled: boolean } {
  const editable = cells.filter((c) => c.editable);
  const n = editable.filter((c) => c.checked).length;
  return {
    checked: editable.length > 0 && n === editable.length,
    indeterminate: n > 0 && n < editable.length,
    disabled: editable.length === 0,
  };
}

/** Short text of a role's grants for the list: `用户列表: 查询` style pairs are built by the caller; this counts. */
export function grantCount(grid: Grid): { keys: number; actions: number } {
  const keys = Object.keys(grid).filter((k) => grid[k]!.length);
  return { keys: keys.length, actions: keys.reduce((n, k) => n + grid[k]!.length, 0) };
}
