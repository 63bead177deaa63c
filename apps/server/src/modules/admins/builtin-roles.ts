import { ALL_ACTIONS, PERMISSION_KEYS, READ_ACTIONS, type Action, type BuiltinRole, type PermissionKey } from '@stock-admin/contracts';
import { BUILTIN_ROLE_NAMES } from '../_kit/role-names.js';

type Grants = Partial<Record<PermissionKey, Action[]>>;

const all = (keys: readonly PermissionKey[]): Grants => Object.fromEntries(keys.map((k) => [k, ALL_ACTIONS]));
const read = (keys: PermissionKey[]): Grants => Object.fromEntries(keys.map((k) => [k, READ_ACTIONS]));
const own: Grants = { dashboard: READ_ACTIONS, user: ALL_ACTIONS };

/**
 * Permission entries of the built-in roles (DESIGN §5). The operation log and iOS push are
 * super-only whatever a role says; `super` lists everything for display.
 */
export const BUILTIN_ROLE_GRANTS: Record<BuiltinRole, { zh: string; en: string; grants: Grants }> = {
  super: { ...BUILTIN_ROLE_NAMES.super, grants: { ...all(PERMISSION_KEYS), ...all(['approvals', 'dailyclose', 'corpactions']) } },
  // deciding approvals (dual control, issue 49) belongs to the platform's administrators and its finance staff
  admin: {
    ...BUILTIN_ROLE_NAMES.admin,
    grants: { ...all(PERMISSION_KEYS.filter((k) => k !== 'operationlog')), ...all(['approvals', 'dailyclose', 'corpactions']) },
  },
  finance: {
    ...BUILTIN_ROLE_NAMES.finance,
    grants: {
      ...own,
      ...all(['rechargelist', 'withdrawallist', 'fundrecords', 'channallist', 'layeringlist', 'paysetting', 'approvals', 'dailyclose']),
      ...read(['userlist', 'agentlist', 'loginlog', 'analysis', 'corpactions']),
    },
  },
  risk: {
    ...BUILTIN_ROLE_NAMES.risk,
    grants: {
      ...own,
      // corporate actions adjust the positions risk watches: entered and applied by risk staff (dual control)
      ...all(['risksetting', 'shares', 'index', 'financing', 'newshares', 'corpactions']),
      ...read(['userlist', 'agentlist', 'fundrecords']),
    },
  },
  support: {
    ...BUILTIN_ROLE_NAMES.support,
    grants: {
      ...own,
      ...read(['userlist', 'agentlist', 'shares', 'index', 'financing', 'rechargelist', 'withdrawallist', 'fundrecords', 'contract']),
      stationmessage: ['query', 'get', 'add'],
    },
  },
  agent: {
    ...BUILTIN_ROLE_NAMES.agent,
    grants: {
      ...own,
      userlist: ['query', 'get', 'add', 'edit', 'export'],
      agentlist: ['query', 'get', 'add', 'edit'],
      // their own users' positions and orders, as they export their users
      financing: ['query', 'get', 'export'],
      // their subtree's figures only (the server scopes every one)
      ...read(['shares', 'index', 'rechargelist', 'withdrawallist', 'fundrecords', 'analysis', 'corpactions']),
      // messages and contracts to their own users (the server keeps every send and assignment in the subtree)
      push: ['query', 'get', 'add'],
      contract: ['query', 'get', 'add'],
    },
  },
};
