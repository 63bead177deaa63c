import { registerMessages } from '../../app/i18n.js';

registerMessages({
  logs_deleted: {
    'zh-CN': '已删除 {count} 条日志',
    'en-US': { one: 'Deleted 1 log row', other: 'Deleted {count} log rows' },
    count: 'count',
  },
  'reason.ids_or_before': { 'zh-CN': '请指定要删除的记录或时间', 'en-US': 'give the rows (ids) or a time (before)' },
});
