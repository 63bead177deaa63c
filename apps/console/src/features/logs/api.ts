import { logsApi, type InputOf } from '@stock-admin/contracts';
import { call } from '../../lib/request';

/** Typed calls of 日志管理: login / operation / SMS logs (station messages: features/messages; scheduled tasks: features/tasks). */
export const logCalls = {
  login: (q: InputOf<typeof logsApi.loginList>) => call(logsApi.loginList, q),
  operation: (q: InputOf<typeof logsApi.operationList>) => call(logsApi.operationList, q),
  sms: (q: InputOf<typeof logsApi.smsList>) => call(logsApi.smsList, q),
};
