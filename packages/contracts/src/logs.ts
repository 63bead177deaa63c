import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { pageOf, pageQuery } from './envelope.js';
import { optionalText } from './fields.js';

const timeRange = {
  beginTime: z.iso.datetime({ offset: true }).optional().or(z.literal('').transform(() => undefined)),
  endTime: z.iso.datetime({ offset: true }).optional().or(z.literal('').transform(() => undefined)),
};

export const LOGIN_RESULTS = ['ok', 'bad_password', 'bad_code', 'need_code', 'locked', 'throttled'] as const;

export const loginLogItem = z.object({
  id: z.number(),
  adminId: z.number().nullable(),
  username: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  result: z.string(),
  createdAt: z.string(),
});
export type LoginLogItem = z.infer<typeof loginLogItem>;

export const operationLogItem = z.object({
  id: z.number(),
  adminId: z.number().nullable(),
  adminName: z.string().nullable(),
  module: z.string(),
  action: z.string(),
  method: z.string(),
  targetId: z.string().nullable(),
  summary: z.unknown(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  result: z.string(),
  status: z.number(),
  msg: z.string().nullable(),
  createdAt: z.string(),
});
export type OperationLogItem = z.infer<typeof operationLogItem>;

export const loginLogQuery = pageQuery.extend({
  username: optionalText(64),
  ip: optionalText(64),
  result: z.enum(LOGIN_RESULTS).optional().or(z.literal('').transform(() => undefined)),
  ...timeRange,
});
export const operationLogQuery = pageQuery.extend({
  adminName: optionalText(64),
  module: optionalText(64),
  ...timeRange,
});

export const logsApi = {
  loginList: endpoint({ method: 'POST', path: '/admin/log/loginList.do', access: { permission: 'loginlog', action: 'query' }, input: loginLogQuery, data: pageOf(loginLogItem), summary: 'Login log' }),
  operationList: endpoint({ method: 'POST', path: '/admin/log/operationList.do', access: { permission: 'operationlog', action: 'query' }, super: true, input: operationLogQuery, data: pageOf(operationLogItem), summary: 'Operation log (super-user only)' }),
} as const;
