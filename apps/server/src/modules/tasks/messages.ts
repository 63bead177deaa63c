import { registerMessages } from '../../app/i18n.js';

registerMessages({
  task_not_found: { 'zh-CN': '定时任务不存在', 'en-US': 'No such scheduled task' },
  task_busy: { 'zh-CN': '该任务正在运行中，请稍后再试', 'en-US': 'This task is running; try again later' },
  task_started: { 'zh-CN': '任务已开始运行', 'en-US': 'The task has started' },
  'reason.invalid_task_key': { 'zh-CN': '格式不正确', 'en-US': 'is not a valid task key' },
  'reason.invalid_schedule': {
    'zh-CN': '不是有效的 cron 表达式或 @every 间隔（例如 0 3 * * * 或 @every 15m）',
    'en-US': 'is not a valid cron expression or @every interval (e.g. 0 3 * * * or @every 15m)',
  },
});
