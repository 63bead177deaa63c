import { logsApi, type InputOf } from '@stock-admin/contracts';
import { call } from '../../lib/request';

/** Typed calls of 日志管理: login / operation / SMS logs (station messages: features/messages; scheduled tasks: features/tasks). */
export const logCalls = {
  loginList: (q: InputOf<typeof logsApi.loginList>) => call(logsApi.loginList, q),
  operationList: (q: InputOf<typeof logsApi.operationList>) => call(logsApi.operationList, q),
  smsList: (q: InputOf<typeof logsApi.smsList>) => call(logsApi.smsList, q),
  chainVerify: () => call(logsApi.chainVerify, undefined, { silent: true }),
};
