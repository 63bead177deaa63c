import type { OperationRef } from '@stock-admin/contracts';

/**
 * The operation log stores the endpoint's path (`/admin/user/updateAmt.do`); operators read the action's name in
 * their language. The server names the endpoint behind the path (`operation`: its key, permission and action; it
 * knows its endpoint tables, which the console does not load for this): the page's name from the permission
 * (`permission.<key>` of the shared catalogue), then the endpoint's own verb when the catalogue has one
 * (`logs.opName.updateAmt` → 调整余额 / Adjust balance), else the permission action's (`action.edit` → 修改 / Edit). The
 * raw path stays in the detail view.
 */

/**
 * `page · verb` of a logged operation in the reader's language; `label(key)` is the catalogue's text of a key, or null
 * when it has none (`(k) => (i18n.exists(k) ? t(k) : null)`). An operation the server could not name (an older
 * build's path) comes back as null: the caller shows the path.
 */
export function actionName(op: OperationRef, label: (key: string) => string | null): string | null {
  if (!op) return null;
  const page = op.permission ? label(`permission.${op.permission}`) : null;
  const own = label(`logs.opName.${op.key}`) ?? (op.action ? label(`action.${op.action}`) : null);
  if (!own) return page;
  return page ? `${page} · ${own}` : own;
}
