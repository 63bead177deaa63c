import * as contracts from '@stock-admin/contracts';
import type { Action, OperationRef, PermissionKey } from '@stock-admin/contracts';

let byPath: Map<string, NonNullable<OperationRef>> | null = null;

/** Every endpoint of the contracts' tables (`xxxApi`, nested at most twice), by path; the first table naming a path wins. */
function collect(): Map<string, NonNullable<OperationRef>> {
  const out = new Map<string, NonNullable<OperationRef>>();
  const walk = (v: unknown, key: string, depth: number) => {
    if (!v || typeof v !== 'object' || depth > 2) return;
    const e = v as { path?: unknown; access?: unknown };
    if (typeof e.path === 'string' && e.access !== undefined) {
      const a = e.access as { permission?: PermissionKey; action?: Action } | string;
      if (!out.has(e.path))
        out.set(e.path, {
          key,
          permission: typeof a === 'object' ? (a.permission ?? null) : null,
          action: typeof a === 'object' ? (a.action ?? null) : null,
        });
      return;
    }
    for (const [k, x] of Object.entries(v)) walk(x, k, depth + 1);
  };
  for (const [name, table] of Object.entries(contracts)) if (name.endsWith('Api')) walk(table, name, 0);
  return out;
}

/**
 * The endpoint behind a logged path (the operation log stores the path: `/admin/user/updateAmt.do`), for the console to
 * name the action in its reader's language without carrying every endpoint table; null for a path no endpoint has.
 */
export function operationOf(path: string): OperationRef {
  byPath ??= collect();
  return byPath.get(path) ?? null;
}
