import { registerMessages } from '../../app/i18n.js';

registerMessages({
  logs_deleted: {
    'zh-CN': '已删除 {count} 条日志',
    'en-US': { one: 'Deleted 1 log row', other: 'Deleted {count} log rows' },
    count: 'count',
  },
  'reason.ids_or_before': { 'zh-CN': '请指定要删除的记录或时间', 'en-US': 'give the rows (ids) or a time (before)' },
  'reason.oplog_by_time': {
    'zh-CN': '操作日志只能按时间删除最早的记录（链式校验）',
    'en-US': 'the operation log is deleted only by time, oldest first (it is a hash chain)',
  },
  chain_ok: { 'zh-CN': '操作日志链校验通过', 'en-US': 'The operation log chain verifies' },
});
