import { registerMessages } from '../../app/i18n.js';

registerMessages({
  'risk.agent_readonly': { 'zh-CN': '代理账号不能修改风控设置', 'en-US': 'Agent accounts cannot change risk settings' },
  'risk.saved': { 'zh-CN': '风控设置已保存', 'en-US': 'Risk settings saved' },
  'risk.stale_version': {
    'zh-CN': '设置已被 {name} 于 {time} 修改，请刷新后重新确认',
    'en-US': 'The settings were changed by {name} at {time}; reload them and confirm again',
  },
  'spread.added': { 'zh-CN': '点差规则已添加', 'en-US': 'Spread rule added' },
  'spread.updated': { 'zh-CN': '点差规则已更新', 'en-US': 'Spread rule updated' },
  'spread.deleted': { 'zh-CN': '点差规则已删除', 'en-US': 'Spread rule deleted' },
  'spread.not_found': { 'zh-CN': '点差规则不存在', 'en-US': 'No such spread rule' },
  'reason.invalid_time_order': { 'zh-CN': '不能早于上午结束时间', 'en-US': 'must not be earlier than the morning end' },
  'reason.invalid_range': { 'zh-CN': '必须大于起始值', 'en-US': 'must be greater than the start' },
  'reason.invalid_positive_percent': { 'zh-CN': '必须大于 0 且不超过 100', 'en-US': 'must be above 0 and at most 100' },
  'reason.invalid_leverage': { 'zh-CN': '须为 1–100 的整数，以逗号分隔', 'en-US': 'must be whole numbers 1–100, comma-separated' },
  'reason.invalid_lot': { 'zh-CN': '须为 100 股的整数倍', 'en-US': 'must be a multiple of 100 shares' },
  'reason.invalid_number': { 'zh-CN': '须为数字（最多 4 位小数）', 'en-US': 'must be a number with at most 4 decimals' },
  'reason.invalid_prefix': { 'zh-CN': '须为 1–6 位数字', 'en-US': 'must be 1–6 digits' },
});
