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
export type PermissionKey = (typeof PERMISSION_KEYS)[number];

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
