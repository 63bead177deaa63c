import { registerMessages } from '../../app/i18n.js';

registerMessages({
  agreement_template_not_found: { 'zh-CN': '合同模版不存在', 'en-US': 'No such contract template' },
  agreement_template_stale: {
    'zh-CN': '该模版已被 {by} 于 {at} 修改（版本 {version}），请刷新后再改',
    'en-US': 'This template was changed by {by} at {at} (version {version}); reload it and edit again',
  },
  agreement_template_disabled: { 'zh-CN': '模版已停用，不能分配', 'en-US': 'The template is disabled and cannot be assigned' },
  agreement_default_disabled: { 'zh-CN': '停用的模版不能设为默认', 'en-US': 'A disabled template cannot be the default' },
  agreement_not_found: { 'zh-CN': '用户合同不存在', 'en-US': 'No such user contract' },
  agreement_not_pending: {
    'zh-CN': '合同不在待审核状态（当前：{status}）',
    'en-US': 'The contract is not waiting for review (now: {status})',
  },
  agreement_signed_keep: { 'zh-CN': '合同已签署，不能删除', 'en-US': 'The contract is signed and cannot be removed' },
  agreement_not_signable: { 'zh-CN': '该合同当前不能签署', 'en-US': 'This contract cannot be signed now' },
  agreement_signature_size: { 'zh-CN': '签名图片不能超过 {max} KB', 'en-US': 'The signature image must be at most {max} KB' },
  agreement_assigned: {
    'zh-CN': '已分配 {added} 位用户（{existing} 位已有）',
    'en-US': 'Assigned — new: {added}, already had it: {existing}',
  },
  agreement_pushed: {
    'zh-CN': '已推送 {count} 份合同',
    'en-US': { one: '1 contract pushed', other: '{count} contracts pushed' },
    count: 'count',
  },
  agreement_removed: { 'zh-CN': '已删除', 'en-US': 'Removed' },
  agreement_approved: { 'zh-CN': '已审核通过', 'en-US': 'Approved' },
  agreement_rejected: { 'zh-CN': '已驳回', 'en-US': 'Rejected' },
  'agreement.status.assigned': { 'zh-CN': '待推送', 'en-US': 'assigned' },
  'agreement.status.pushed': { 'zh-CN': '待签署', 'en-US': 'waiting for signature' },
  'agreement.status.signed': { 'zh-CN': '待审核', 'en-US': 'waiting for review' },
  'agreement.status.approved': { 'zh-CN': '已通过', 'en-US': 'approved' },
  'agreement.status.rejected': { 'zh-CN': '已驳回', 'en-US': 'rejected' },
});
