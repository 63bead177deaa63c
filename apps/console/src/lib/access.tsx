import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { allows, type Action, type PermissionKey, type UserInfo } from '@stock-admin/contracts';
import { useUserInfo } from './session';

/**
 * Permission checks (spec §6): the current role's permission entry for a key must list the action;
 * the super account passes every check. The server refuses anyway — this only hides what cannot work.
 *
 *   const { can } = useAccess();  can('userlist', 'edit')
 *   <Access action="delete"><Button danger>…</Button></Access>            // the page's own permission key
 *   <Access permission="agentlist" action="add" fallback={…}>…</Access>
 */

/** The permission key of the page being rendered (set by the shell for each page). */
export const RoutePermissionContext = createContext<PermissionKey | undefined>(undefined);

export function hasAccess(
  info: Pick<UserInfo, 'isSuper' | 'role'> | null | undefined,
  permission: string | undefined,
  action: Action,
): boolean {
  if (!info) return false;
  if (info.isSuper) return true;
  if (!permission) return false;
  const entry = info.role.permissions.find((p) => p.permissionId === permission);
  return allows(entry?.actions, action);
}

export function useAccess() {
  const info = useUserInfo();
  const routePermission = useContext(RoutePermissionContext);
  const can = useCallback(
    (permissionOrAction: PermissionKey | Action, action?: Action) =>
      action === undefined ? hasAccess(info, routePermission, permissionOrAction as Action) : hasAccess(info, permissionOrAction, action),
    [info, routePermission],
  );
  return { can, isSuper: !!info?.isSuper, info };
}

export function Access({
  permission,
  action,
  children,
  fallback = null,
}: {
  permission?: PermissionKey;
  action: Action;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const info = useUserInfo();
  const routePermission = useContext(RoutePermissionContext);
  return <>{hasAccess(info, permission ?? routePermission, action) ? children : fallback}</>;
}
