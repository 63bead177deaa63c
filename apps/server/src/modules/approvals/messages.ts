import { registerMessages } from '../../app/i18n.js';

registerMessages({
  approval_held: { 'zh-CN': '已提交复核，等待另一位管理员批准', 'en-US': 'Sent for approval by a second administrator' },
  approval_duplicate: {
    'zh-CN': '同一对象已有待复核的申请 #{id}（{maker} 提交），请等待其处理或撤回',
    'en-US': 'Request #{id} (by {maker}) already waits for approval on the same target: wait for it or cancel it',
  },
  approval_not_found: { 'zh-CN': '复核申请不存在', 'en-US': 'No such approval request' },
  approval_own: { 'zh-CN': '不能复核自己提交的申请', 'en-US': 'You cannot decide your own request' },
  approval_not_pending: { 'zh-CN': '该申请已处理（{status}）', 'en-US': 'This request was already decided ({status})' },
  approval_busy: { 'zh-CN': '另一位管理员正在处理该申请', 'en-US': 'Another administrator is deciding this request' },
  approval_not_maker: { 'zh-CN': '只有提交人可以撤回申请', 'en-US': 'Only the maker may cancel a request' },
  approval_approved: { 'zh-CN': '已批准并执行', 'en-US': 'Approved and carried out' },
  approval_rejected: { 'zh-CN': '已驳回', 'en-US': 'Rejected' },
  approval_cancelled: { 'zh-CN': '已撤回', 'en-US': 'Cancelled' },
  approval_failed: { 'zh-CN': '批准未执行：{reason}', 'en-US': 'Approved but not carried out: {reason}' },
  approval_rule_saved: { 'zh-CN': '复核规则已保存', 'en-US': 'Rule saved' },
  'reason.approval_expired': { 'zh-CN': '超过有效期未处理', 'en-US': 'not decided in time' },
  'reason.approval_maker_gone': { 'zh-CN': '提交人已被删除或锁定', 'en-US': 'the maker was deleted or locked' },
  'reason.approval_maker_forbidden': { 'zh-CN': '提交人已无此权限', 'en-US': 'the maker no longer holds this permission' },
  'reason.approval_interrupted': { 'zh-CN': '执行被中断，未做任何改动', 'en-US': 'interrupted before anything was done' },
  'approval.status.pending': { 'zh-CN': '待复核', 'en-US': 'pending' },
  'approval.status.approved': { 'zh-CN': '已批准', 'en-US': 'approved' },
  'approval.status.rejected': { 'zh-CN': '已驳回', 'en-US': 'rejected' },
  'approval.status.expired': { 'zh-CN': '已过期', 'en-US': 'expired' },
  'approval.status.failed': { 'zh-CN': '执行失败', 'en-US': 'failed' },
  'approval.status.cancelled': { 'zh-CN': '已撤回', 'en-US': 'cancelled' },
  'approval.rule.summary': {
    'zh-CN': '放宽复核规则「{operation}」：{change}',
    'en-US': 'Loosen the rule "{operation}": {change}',
  },
  'reason.threshold_not_money': {
    'zh-CN': '该操作不涉及金额，不能设置金额门槛',
    'en-US': 'this operation moves no money: it has no threshold',
  },
});

registerMessages({
  'approval.op.balance': { 'zh-CN': '余额调整', 'en-US': 'Balance adjustment' },
  'approval.op.deposit.create': { 'zh-CN': '后台创建充值', 'en-US': 'Deposit created by an admin' },
  'approval.op.deposit.confirm': { 'zh-CN': '确认充值到账', 'en-US': 'Deposit confirmation' },
  'approval.op.withdrawal.pay': { 'zh-CN': '提现打款', 'en-US': 'Withdrawal payout' },
  'approval.op.position.create': { 'zh-CN': '后台建仓', 'en-US': 'Position created by an admin' },
  'approval.op.newshare.allot': { 'zh-CN': '新股配售', 'en-US': 'New-share allotment' },
  'approval.op.risk.settings': { 'zh-CN': '风控设置', 'en-US': 'Risk settings' },
  'approval.op.access': { 'zh-CN': '账号与权限', 'en-US': 'Accounts and access' },
  'approval.op.rules': { 'zh-CN': '放宽复核规则', 'en-US': 'Loosening a rule' },
});
