/**
 * Permission keys and actions (spec §6, DESIGN §5). A role holds one entry per key with the
 * actions it allows; routes of both the server and the console name a key and an action.
 */
export const ACTIONS = ['add', 'delete', 'edit', 'query', 'get', 'enable', 'disable', 'import', 'export'] as const;
export type Action = (typeof ACTIONS)[number];

/**
 * Every permission key, in the role editor's order. Their names (and the actions') are messages in both languages:
 * the server's `permission.<key>` / `action.<action>` (modules/_kit/permission-names.ts) and the console's shared
 * catalogue (src/locales), not strings of the contracts.
 */
export const PERMISSION_KEYS = [
  'dashboard',
  'analysis',
  'userlist',
  'agentlist',
  'shares',
  'index',
  'financing',
  'newshares',
  'rechargelist',
  'withdrawallist',
  'fundrecords',
  'channallist',
  'layeringlist',
  'loginlog',
  'operationlog',
  'smslog',
  'scheduledtasks',
  'stationmessage',
  'managelist',
  'contract',
  'risksetting',
  'allsetting',
  'paysetting',
  'user',
  'push',
] as const;
/**
 * Keys a domain adds beyond the spec's table, each declared in the domain's own contract file, for the type by declaration
 * merging and at run time by `definePermission` in the same file (so both the server and the console that import it
 * know it):
 *
 *   declare module './permissions.js' { interface DomainPermissions { probe: true } }
 *   definePermission('probe');
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface DomainPermissions {}
export type PermissionKey = (typeof PERMISSION_KEYS)[number] | Extract<keyof DomainPermissions, string>;

/** Every key known now: the spec's table in its order, then the domains' in the order their contracts were loaded. */
const keys: PermissionKey[] = [...PERMISSION_KEYS];

/** Declares a domain's permission key at run time (its contract file, beside the `DomainPermissions` line). */
export function definePermission<K extends PermissionKey>(key: K): K {
  if (!keys.includes(key)) keys.push(key);
  return key;
}

export const permissionKeys = (): PermissionKey[] => [...keys];
export const isPermissionKey = (key: string): key is PermissionKey => (keys as string[]).includes(key);

export interface PermissionGrant {
  key: PermissionKey;
  action: Action;
}

/** Built-in roles (DESIGN §5). `super` is never granted: it is the super account itself. */
export const BUILTIN_ROLES = ['super', 'admin', 'finance', 'risk', 'support', 'agent'] as const;
export type BuiltinRole = (typeof BUILTIN_ROLES)[number];

export const ALL_ACTIONS: Action[] = [...ACTIONS];
export const READ_ACTIONS: Action[] = ['query', 'get'];

/** True when an action list grants `action`. */
export const allows = (actions: readonly string[] | undefined, action: Action): boolean => !!actions && actions.includes(action);
