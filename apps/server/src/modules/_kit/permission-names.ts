import { ACTIONS, permissionKeys, type Action, type Lang } from '@stock-admin/contracts';
import { registerMessages, t } from '../../app/i18n.js';

/**
 * The names of the permissions and their actions in both languages (the role editor, the session's permission list,
 * the operation log): messages like every other text, used by the roles and session domains.
 */
registerMessages({
  'permission.dashboard': { 'zh-CN': '仪表盘', 'en-US': 'Dashboard' },
  'permission.analysis': { 'zh-CN': '分析页', 'en-US': 'Analysis' },
  'permission.userlist': { 'zh-CN': '用户列表', 'en-US': 'Users' },
  'permission.agentlist': { 'zh-CN': '代理列表', 'en-US': 'Agents' },
  'permission.shares': { 'zh-CN': '股票产品', 'en-US': 'Stocks' },
  'permission.index': { 'zh-CN': '指数产品', 'en-US': 'Indices' },
  'permission.financing': { 'zh-CN': '持仓管理', 'en-US': 'Positions' },
  'permission.newshares': { 'zh-CN': '新股新债', 'en-US': 'New shares' },
  'permission.rechargelist': { 'zh-CN': '充值列表', 'en-US': 'Deposits' },
  'permission.withdrawallist': { 'zh-CN': '提现列表', 'en-US': 'Withdrawals' },
  'permission.fundrecords': { 'zh-CN': '资金记录', 'en-US': 'Fund records' },
  'permission.channallist': { 'zh-CN': '渠道列表', 'en-US': 'Payment channels' },
  'permission.layeringlist': { 'zh-CN': '分层列表', 'en-US': 'Layering tiers' },
  'permission.loginlog': { 'zh-CN': '登录日志', 'en-US': 'Login log' },
  'permission.operationlog': { 'zh-CN': '操作日志', 'en-US': 'Operation log' },
  'permission.smslog': { 'zh-CN': '短信日志', 'en-US': 'SMS log' },
  'permission.scheduledtasks': { 'zh-CN': '定时任务', 'en-US': 'Scheduled tasks' },
  'permission.stationmessage': { 'zh-CN': '站内消息', 'en-US': 'Station messages' },
  'permission.managelist': { 'zh-CN': '管理列表', 'en-US': 'Admin accounts' },
  'permission.contract': { 'zh-CN': '合同管理', 'en-US': 'Contracts' },
  'permission.risksetting': { 'zh-CN': '风控设置', 'en-US': 'Risk settings' },
  'permission.allsetting': { 'zh-CN': '系统设置', 'en-US': 'Site settings' },
  'permission.paysetting': { 'zh-CN': '支付渠道设置', 'en-US': 'Pay settings' },
  'permission.user': { 'zh-CN': '个人中心', 'en-US': 'Account' },
  'permission.push': { 'zh-CN': '消息推送', 'en-US': 'Push messages' },
  'action.add': { 'zh-CN': '新增', 'en-US': 'Add' },
  'action.delete': { 'zh-CN': '删除', 'en-US': 'Delete' },
  'action.edit': { 'zh-CN': '修改', 'en-US': 'Edit' },
  'action.query': { 'zh-CN': '查询', 'en-US': 'Query' },
  'action.get': { 'zh-CN': '详情', 'en-US': 'Get' },
  'action.enable': { 'zh-CN': '启用', 'en-US': 'Enable' },
  'action.disable': { 'zh-CN': '禁用', 'en-US': 'Disable' },
  'action.import': { 'zh-CN': '导入', 'en-US': 'Import' },
  'action.export': { 'zh-CN': '导出', 'en-US': 'Export' },
});

export const permissionName = (lang: Lang, key: string): string => t(lang, `permission.${key}`);

/** A domain's own permission (its manifest's `permissions`): its name in both languages joins the catalogue. */
export function registerPermissionName(key: string, name: { 'zh-CN': string; 'en-US': string }): void {
  registerMessages({ [`permission.${key}`]: name });
}
export const actionName = (lang: Lang, action: Action): string => t(lang, `action.${action}`);

/** Every permission key with its name, in the catalogue's order (the role editor's catalogue, `/api/user/catalogue`). */
export const namedPermissionKeys = (lang: Lang) => permissionKeys().map((key) => ({ key, name: permissionName(lang, key) }));

/** Every action with its name, in the catalogue's order. */
export const namedActions = (lang: Lang) => ACTIONS.map((action) => ({ action, describe: actionName(lang, action) }));

/** A role's permission entry as spec §3 spells it: the key and its name, the actions, and their set with names. */
export const permissionEntryOf = (lang: Lang, roleId: number, key: string, actions: Action[]) => ({
  roleId,
  permissionId: key,
  permissionName: permissionName(lang, key),
  actions,
  actionEntitySet: actions.map((action) => ({ action, describe: actionName(lang, action), defaultCheck: false })),
});
