import * as contracts from '@stock-admin/contracts';
import type { Endpoint, OperationRef } from '@stock-admin/contracts';

let byPath: Map<string, { key: string; endpoint: Endpoint }> | null = null;

/** Every endpoint of the contracts' tables (`xxxApi`, nested at most twice) with its key, by path; the first table naming a path wins. */
export function endpointsByPath(): ReadonlyMap<string, { key: string; endpoint: Endpoint }> {
  if (byPath) return byPath;
  const out = new Map<string, { key: string; endpoint: Endpoint }>();
  const walk = (v: unknown, key: string, depth: number) => {
    if (!v || typeof v !== 'object' || depth > 2) return;
    const e = v as Partial<Endpoint>;
    if (typeof e.path === 'string' && e.access !== undefined) {
      if (!out.has(e.path)) out.set(e.path, { key, endpoint: e as Endpoint });
      return;
    }
    for (const [k, x] of Object.entries(v)) walk(x, k, depth + 1);
  };
  for (const [name, table] of Object.entries(contracts)) if (name.endsWith('Api')) walk(table, name, 0);
  return (byPath = out);
}

/**
 * The endpoint behind a logged path (the operation log stores the path: `/admin/user/updateAmt.do`), for the console to
 * name the action in its reader's language without carrying every endpoint table; null for a path no endpoint has.
 */
export function operationOf(path: string): OperationRef {
  const found = endpointsByPath().get(path);
  if (!found) return null;
  const a = found.endpoint.access;
  return {
    key: found.key,
    permission: typeof a === 'object' ? (a.permission ?? null) : null,
    action: typeof a === 'object' ? (a.action ?? null) : null,
  };
}
