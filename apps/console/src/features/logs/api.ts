import { logsApi, tasksApi, type InputOf } from '@stock-admin/contracts';
import { call } from '../../lib/request';

/** Typed calls of 日志管理: login / operation / SMS logs and scheduled tasks (station messages: features/messages). */
export const logCalls = {
  login: (q: InputOf<typeof logsApi.loginList>) => call(logsApi.loginList, q),
  operation: (q: InputOf<typeof logsApi.operationList>) => call(logsApi.operationList, q),
  sms: (q: InputOf<typeof logsApi.smsList>) => call(logsApi.smsList, q),
};

export const taskCalls = {
  list: () => call(tasksApi.list, { pageNum: 1, pageSize: 100 }),
  runs: (q: InputOf<typeof tasksApi.runs>) => call(tasksApi.runs, q),
  update: (q: InputOf<typeof tasksApi.update>) => call(tasksApi.update, q),
  /** Answers within a few seconds with the run (finished or still running): a longer time-out than usual. */
  run: (key: string) => call(tasksApi.run, { key }, { timeout: 30_000 }),
};
