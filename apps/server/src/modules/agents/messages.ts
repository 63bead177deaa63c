import { registerMessages } from '../../app/i18n.js';

registerMessages({
  agent_phone_taken: { 'zh-CN': '该手机号已被其他代理使用', 'en-US': 'Another agent already uses this phone number' },
  agent_parent_not_found: { 'zh-CN': '上级代理不存在', 'en-US': 'The parent agent does not exist' },
  agent_parent_cycle: {
    'zh-CN': '不能把代理移动到它自己或它的下级之下',
    'en-US': 'An agent cannot be moved under itself or one of its sub-agents',
  },
  agent_rate_above_parent: {
    'zh-CN': '{field} 不能高于上级代理（{max}）',
    'en-US': '{field} cannot exceed the parent agent’s rate ({max})',
  },
  agent_rate_below_child: { 'zh-CN': '{field} 不能低于下级代理（{min}）', 'en-US': '{field} cannot be below a sub-agent’s rate ({min})' },
  agent_has_users: {
    'zh-CN': '该代理下还有 {count} 个用户，不能删除',
    'en-US': {
      one: 'This agent still has 1 user and cannot be deleted',
      other: 'This agent still has {count} users and cannot be deleted',
    },
    count: 'count',
  },
  agent_has_children: {
    'zh-CN': '该代理下还有 {count} 个下级代理，不能删除',
    'en-US': {
      one: 'This agent still has 1 sub-agent and cannot be deleted',
      other: 'This agent still has {count} sub-agents and cannot be deleted',
    },
    count: 'count',
  },
  agent_has_balance: {
    'zh-CN': '该代理余额不为零（{balance}），不能删除',
    'en-US': 'This agent still has a balance ({balance}) and cannot be deleted',
  },
  agent_own_readonly: { 'zh-CN': '不能修改或删除自己所属的代理', 'en-US': 'You cannot change or delete your own agent' },
  agent_top_platform_only: { 'zh-CN': '只有平台管理员可以设置顶级代理', 'en-US': 'Only platform staff can create or move top agents' },
  agent_staff_money_forbidden: { 'zh-CN': '代理账号不能调整资金', 'en-US': 'Agent accounts cannot adjust balances' },
  agent_added: { 'zh-CN': '添加成功', 'en-US': 'Added' },
  agent_updated: { 'zh-CN': '更新成功', 'en-US': 'Updated' },
  agent_deleted: { 'zh-CN': '删除成功', 'en-US': 'Deleted' },
  'reason.invalid_rate': {
    'zh-CN': '应为 0 到 1 之间的比例（最多六位小数）',
    'en-US': 'must be a fraction between 0 and 1 (at most six decimals)',
  },
});
