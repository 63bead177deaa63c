import { allows, type Action, type PermissionKey } from '@stock-admin/contracts';
import type { Principal } from '../app/context.js';
import { forbidden } from './errors.js';

/** What a permission check reads of a principal. */
export type Grantee = Pick<Principal, 'isSuper' | 'permissions'>;

/**
 * Whether a principal may take `action` on permission `key`: the super account passes every check,
 * others when their role grants the action (contracts' `allows`). No principal: no.
 */
export function can(p: Grantee | null | undefined, key: PermissionKey, action: Action): boolean {
  return !!p && (p.isSuper || allows(p.permissions.get(key), action));
}

/** Refuses with the route guard's own 403 (`forbidden`) where `can` says no. */
export function requirePermission(p: Grantee | null | undefined, key: PermissionKey, action: Action): void {
  if (!can(p, key, action)) throw forbidden(key, action);
}
