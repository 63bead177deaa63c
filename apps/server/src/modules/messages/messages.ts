import { registerMessages } from '../../app/i18n.js';

registerMessages({
  station_sent: {
    'zh-CN': '消息已发送给 {count} 位用户',
    'en-US': { one: 'Message sent to 1 user', other: 'Message sent to {count} users' },
    count: 'count',
  },
  station_not_found: { 'zh-CN': '消息不存在', 'en-US': 'No such message' },
  station_withdrawn: { 'zh-CN': '消息已撤回', 'en-US': 'Message withdrawn' },
  'reason.station_unknown_users': {
    'zh-CN': '包含不存在或无权访问的用户',
    'en-US': 'includes users that do not exist or are out of your scope',
  },
  'reason.too_many_users': { 'zh-CN': '用户过多（最多 1000 位）', 'en-US': 'lists too many users (at most 1000)' },
  'reason.unknown_variable': {
    'zh-CN': '含未知变量（可用变量见变量列表）',
    'en-US': 'uses an unknown variable (see the variable list)',
  },
  msg_template_not_found: { 'zh-CN': '消息模板不存在', 'en-US': 'No such message template' },
  msg_template_deleted: { 'zh-CN': '已删除', 'en-US': 'Deleted' },
  msg_send_not_found: { 'zh-CN': '发送记录不存在', 'en-US': 'No such send' },
  msg_send_queued: {
    'zh-CN': '已加入发送队列，共 {count} 位用户',
    'en-US': { one: 'Queued for 1 user', other: 'Queued for {count} users' },
    count: 'count',
  },
  msg_send_scheduled: {
    'zh-CN': '已定时，共 {count} 位用户',
    'en-US': { one: 'Scheduled for 1 user', other: 'Scheduled for {count} users' },
    count: 'count',
  },
  msg_send_empty: { 'zh-CN': '没有符合条件的用户', 'en-US': 'No user matches this audience' },
  msg_send_not_cancellable: { 'zh-CN': '发送已结束，不能取消', 'en-US': 'The send has ended and cannot be cancelled' },
  msg_send_no_failures: { 'zh-CN': '没有发送失败的用户', 'en-US': 'No delivery failed' },
  msg_send_not_retryable: { 'zh-CN': '发送尚未结束，结束后再重试', 'en-US': 'Retry once the send has ended' },
  msg_schedule_past: { 'zh-CN': '定时时间须晚于现在', 'en-US': 'The scheduled time must be in the future' },
  msg_no_device: { 'zh-CN': '用户未登记推送设备', 'en-US': 'The user has no registered device' },
});
