import { registerMessages } from '../../http/i18n.js';

registerMessages({
  station_sent: { 'zh-CN': '消息已发送给 {count} 位用户', 'en-US': 'Message sent to {count} user(s)' },
  station_not_found: { 'zh-CN': '消息不存在', 'en-US': 'No such message' },
  station_withdrawn: { 'zh-CN': '消息已撤回', 'en-US': 'Message withdrawn' },
  'reason.station_unknown_users': {
    'zh-CN': '包含不存在或无权访问的用户',
    'en-US': 'includes users that do not exist or are out of your scope',
  },
  'reason.too_many_users': { 'zh-CN': '用户过多（最多 1000 位）', 'en-US': 'lists too many users (at most 1000)' },
});
