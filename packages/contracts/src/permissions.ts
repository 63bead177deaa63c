/**
 * Permission keys and actions (spec §6, DESIGN §5). A role holds one entry per key with the
 * actions it allows; routes of both the server and the console name a key and an action.
 */
export const ACTIONS = ['add', 'delete', 'edit', 'query', 'get', 'enable', 'disable', 'import', 'export'] as const;
export type Action = (typeof ACTIONS)[number];

export const ACTION_LABELS: Record<Action, { zh: string; en: string }> = {
  add: { zh: '新增', en: 'Add' },
  delete: { zh: '删除', en: 'Delete' },
  edit: { zh: '修改', en: 'Edit' },
  query: { zh: '查询', en: 'Query' },
  get: { zh: '详情', en: 'Get' },
  enable: { zh: '启用', en: 'Enable' },
  disable: { zh: '禁用', en: 'Disable' },
  import: { zh: '导入', en: 'Import' },
  export: { zh: '导出', en: 'Export' },
};

/** Every permission key with its names; the order is the role editor's. */
export const PERMISSIONS = [
  { key: 'dashboard', zh: '仪表盘', en: 'Dashboard' },
  { key: 'analysis', zh: '分析页', en: 'Analysis' },
  { key: 'userlist', zh: '用户列表', en: 'Users' },
  { key: 'agentlist', zh: '代理列表', en: 'Agents' },
  { key: 'shares', zh: '股票产品', en: 'Stocks' },
  { key: 'index', zh: '指数产品', en: 'Indices' },
  { key: 'financing', zh: '持仓管理', en: 'Positions' },
  { key: 'newshares', zh: '新股新债', en: 'New shares' },
  { key: 'rechargelist', zh: '充值列表', en: 'Deposits' },
  { key: 'withdrawallist', zh: '提现列表', en: 'Withdrawals' },
  { key: 'fundrecords', zh: '资金记录', en: 'Fund records' },
  { key: 'channallist', zh: '渠道列表', en: 'Payment channels' },
  { key: 'layeringlist', zh: '分层列表', en: 'Layering tiers' },
  { key: 'loginlog', zh: '登录日志', en: 'Login log' },
  { key: 'operationlog', zh: '操作日志', en: 'Operation log' },
  { key: 'smslog', zh: '短信日志', en: 'SMS log' },
  { key: 'scheduledtasks', zh: '定时任务', en: 'Scheduled tasks' },
  { key: 'stationmessage', zh: '站内消息', en: 'Station messages' },
  { key: 'managelist', zh: '管理列表', en: 'Admin accounts' },
  { key: 'contract', zh: '合同管理', en: 'Contracts' },
  { key: 'risksetting', zh: '风控设置', en: 'Risk settings' },
  { key: 'allsetting', zh: '系统设置', en: 'Site settings' },
  { key: 'paysetting', zh: '支付渠道设置', en: 'Pay settings' },
  { key: 'user', zh: '个人中心', en: 'Account' },
  { key: 'push', zh: '消息推送', en: 'Push messages' },
] as const;
export type PermissionKey = (typeof PERMISSIONS)[number]['key'];
export const PERMISSION_KEYS = PERMISSIONS.map((p) => p.key) as PermissionKey[];

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
