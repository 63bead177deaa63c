import * as contracts from '@stock-admin/contracts';
import type { Action } from '@stock-admin/contracts';

/**
 * The operation log stores the endpoint's path (`/admin/user/updateAmt.do`); operators read the action's name in
 * their language. The name is derived from the contracts' endpoint tables (every `xxxApi` export): the page's
 * name from the endpoint's permission (`permission.<key>` of the shared catalogue), then the endpoint's own verb when
 * the catalogue has one (`logs.opName.updateAmt` → 调整余额 / Adjust balance), else the permission action's
 * (`action.edit` → 修改 / Edit). The raw path stays in the detail view.
 */
interface Known {
  key: string;
  permission?: string;
  action?: Action;
}

function collect(): Map<string, Known> {
  const out = new Map<string, Known>();
  const walk = (v: unknown, key: string, depth: number) => {
    if (!v || typeof v !== 'object' || depth > 2) return;
    const e = v as { path?: unknown; access?: unknown };
    if (typeof e.path === 'string' && e.access !== undefined) {
      const a = e.access as { permission?: string; action?: Action };
      if (!out.has(e.path))
        out.set(e.path, {
          key,
          permission: typeof a === 'object' ? a.permission : undefined,
          action: typeof a === 'object' ? a.action : undefined,
        });
      return;
    }
    for (const [k, x] of Object.entries(v)) walk(x, k, depth + 1);
  };
  for (const [name, table] of Object.entries(contracts)) if (name.endsWith('Api')) walk(table, name, 0);
  return out;
}

let known: Map<string, Known> | null = null;

/**
 * `page · verb` of a logged path in the reader's language; `label(key)` is the catalogue's text of a key, or null when
 * it has none (`(k) => (i18n.exists(k) ? t(k) : null)`). Unknown paths (an older build's) come back as null: the
 * caller shows the path.
 */
export function actionName(path: string, label: (key: string) => string | null): string | null {
  known ??= collect();
  const k = known.get(path);
  if (!k) return null;
  const page = k.permission ? label(`permission.${k.permission}`) : null;
  const own = label(`logs.opName.${k.key}`) ?? (k.action ? label(`action.${k.action}`) : null);
  if (!own) return page;
  return page ? `${page} · ${own}` : own;
}
