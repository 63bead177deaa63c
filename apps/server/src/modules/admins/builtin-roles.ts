import { ALL_ACTIONS, PERMISSION_KEYS, READ_ACTIONS, type Action, type BuiltinRole, type PermissionKey } from '@stock-admin/contracts';

type Grants = Partial<Record<PermissionKey, Action[]>>;

const all = (keys: readonly PermissionKey[]): Grants => Object.fromEntries(keys.map((k) => [k, ALL_ACTIONS]));
const read = (keys: PermissionKey[]): Grants => Object.fromEntries(keys.map((k) => [k, READ_ACTIONS]));
const own: Grants = { dashboard: READ_ACTIONS, user: ALL_ACTIONS };

/**
 * Permission entries of the built-in roles (DESIGN §5). The operation log and iOS push are
 * super-only whatever a role says; `super` lists everything for display.
 */
export const BUILTIN_ROLE_GRANTS: Record<BuiltinRole, { zh: string; en: string; grants: Grants }> = {
  super: { zh: '超级管理员', en: 'Super administrator', grants: all(PERMISSION_KEYS) },
  admin: { zh: '管理员', en: 'Administrator', grants: all(PERMISSION_KEYS.filter((k) => k !== 'operationlog')) },
  finance: {
    zh: '财务',
    en: 'Finance',
    grants: {
      ...own,
      ...all(['rechargelist', 'withdrawallist', 'fundrecords', 'channallist', 'layeringlist', 'paysetting']),
      ...read(['userlist', 'agentlist', 'loginlog', 'analysis']),
    },
  },
  risk: {
    zh: '风控',
    en: 'Risk',
    grants: {
      ...own,
      ...all(['risksetting', 'shares', 'index', 'financing', 'newshares']),
      ...read(['userlist', 'agentlist', 'fundrecords']),
    },
  },
  support: {
    zh: '客服',
    en: 'Support',
    grants: {
      ...own,
      ...read(['userlist', 'agentlist', 'shares', 'index', 'financing', 'rechargelist', 'withdrawallist', 'fundrecords', 'contract']),
      stationmessage: ['query', 'get', 'add'],
    },
  },
  agent: {
    zh: '代理',
    en: 'Agent',
    grants: {
      ...own,
      userlist: ['query', 'get', 'add', 'edit', 'export'],
      agentlist: ['query', 'get', 'add', 'edit'],
      // their own users' positions and orders, as they export their users
      financing: ['query', 'get', 'export'],
      // their subtree's figures only (the server scopes every one)
      ...read(['shares', 'index', 'rechargelist', 'withdrawallist', 'fundrecords', 'analysis']),
      // messages and contracts to their own users (the server keeps every send and assignment in the subtree)
      push: ['query', 'get', 'add'],
      contract: ['query', 'get', 'add'],
    },
  },
};
