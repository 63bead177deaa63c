import { z } from 'zod';
import { orHeld } from './approvals.js';
import { endpoint } from './endpoint.js';
import { optionalTime } from './time.js';
import { pageOf, pageQuery } from './envelope.js';
import { optionalText, zId, zIdList } from './fields.js';
import { ACTIONS, isPermissionKey, type PermissionKey } from './permissions.js';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const timeRange = { beginTime: optionalTime('start'), endTime: optionalTime('end') };

export const LOGIN_RESULTS = [
  'ok',
  'bad_password',
  'bad_code',
  'need_code',
  'locked',
  'throttled',
  'lock_ip',
  'lock_account',
  'unlock',
] as const;

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

/**
 * The endpoint behind a logged call's path, for naming it in the reader's language: its key in its table (`updateAmt`
 * → `logs.opName.updateAmt`), the permission of its page and the action it needs. Null for a path this version does not
 * serve (an older release's).
 */
export const operationRef = z
  .object({
    key: z.string(),
    permission: z.custom<PermissionKey>((v) => typeof v === 'string' && isPermissionKey(v), { message: 'invalid_value' }).nullable(),
    action: z.enum(ACTIONS).nullable(),
  })
  .nullable();
export type OperationRef = z.infer<typeof operationRef>;

export const operationLogItem = z.object({
  id: z.number(),
  adminId: z.number().nullable(),
  adminName: z.string().nullable(),
  module: z.string(),
  action: z.string(),
  operation: operationRef,
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
  adminId: z.preprocess(blankToUndefined, zId().optional()),
  ip: optionalText(64),
  result: z
    .enum(LOGIN_RESULTS)
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ...timeRange,
});
export const operationLogQuery = pageQuery.extend({
  adminName: optionalText(64),
  adminId: z.preprocess(blankToUndefined, zId().optional()),
  module: optionalText(64),
  /** The call's path, partial match (e.g. `updateLock`). */
  action: optionalText(120),
  targetId: optionalText(64),
  result: z.preprocess(blankToUndefined, z.enum(['ok', 'fail']).optional()),
  ...timeRange,
});

export const SMS_KINDS = ['register', 'activation', 'notice', 'test'] as const;
export const smsLogItem = z.object({
  id: z.number(),
  phone: z.string(),
  kind: z.string(),
  content: z.string(),
  provider: z.string(),
  /** `sent` or `failed`. */
  result: z.string(),
  error: z.string().nullable(),
  adminId: z.number().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export type SmsLogItem = z.infer<typeof smsLogItem>;
export const smsLogQuery = pageQuery.extend({
  phone: optionalText(32),
  kind: optionalText(32),
  result: z.preprocess(blankToUndefined, z.enum(['sent', 'failed']).optional()),
  ...timeRange,
});

export const pushLogItem = z.object({
  id: z.number(),
  platform: z.string(),
  /** Device token, masked. */
  target: z.string(),
  title: z.string(),
  body: z.string(),
  provider: z.string(),
  result: z.string(),
  error: z.string().nullable(),
  adminId: z.number().nullable(),
  createdAt: z.string(),
});
export type PushLogItem = z.infer<typeof pushLogItem>;
export const pushLogQuery = pageQuery.extend({
  platform: optionalText(16),
  result: z.preprocess(blankToUndefined, z.enum(['sent', 'failed']).optional()),
  ...timeRange,
});

/** Logs are append-only; the super-user may delete rows by id or everything older than a time (itself logged). */
export const LOG_KINDS = ['login', 'operation', 'sms', 'push', 'taskRun'] as const;
export type LogKind = (typeof LOG_KINDS)[number];
export const deleteLogInput = z
  .object({
    kind: z.enum(LOG_KINDS),
    ids: zIdList().optional(),
    /** Deletes the rows created before this time. */
    before: optionalTime(),
  })
  .refine((v) => v.ids !== undefined || v.before !== undefined, { message: 'ids_or_before', path: ['ids'] });

/** The operation log's hash chain, walked again (issue 49): the first broken link, or none. */
export const chainReport = z.object({
  ok: z.boolean(),
  checked: z.number().int(),
  firstSeq: z.number().int(),
  lastSeq: z.number().int(),
  unsealed: z.number().int(),
  broken: z
    .object({ seq: z.number().int(), id: z.number().int().nullable(), problem: z.enum(['changed', 'missing', 'relinked', 'tail']) })
    .nullable(),
});
export type ChainReport = z.infer<typeof chainReport>;

/** Exports answer a CSV file (UTF-8 with BOM) of the same filters, at most EXPORT_MAX_ROWS rows. */
export const EXPORT_MAX_ROWS = 50_000;

export const logsApi = {
  loginList: endpoint({
    method: 'POST',
    path: '/admin/log/loginList.do',
    access: { permission: 'loginlog', action: 'query' },
    input: loginLogQuery,
    data: pageOf(loginLogItem),
    summary: 'Login log',
  }),
  loginExport: endpoint({
    method: 'POST',
    path: '/admin/log/loginExport.do',
    access: { permission: 'loginlog', action: 'export' },
    input: loginLogQuery,
    summary: 'Login log as CSV',
  }),
  operationList: endpoint({
    method: 'POST',
    path: '/admin/log/operationList.do',
    access: { permission: 'operationlog', action: 'query' },
    super: true,
    input: operationLogQuery,
    data: pageOf(operationLogItem),
    summary: 'Operation log (super-user only)',
  }),
  operationExport: endpoint({
    method: 'POST',
    path: '/admin/log/operationExport.do',
    access: { permission: 'operationlog', action: 'export' },
    super: true,
    input: operationLogQuery,
    summary: 'Operation log as CSV (super-user only)',
  }),
  smsList: endpoint({
    method: 'POST',
    path: '/admin/log/smsList.do',
    access: { permission: 'smslog', action: 'query' },
    input: smsLogQuery,
    data: pageOf(smsLogItem),
    summary: 'SMS log',
  }),
  smsExport: endpoint({
    method: 'POST',
    path: '/admin/log/smsExport.do',
    access: { permission: 'smslog', action: 'export' },
    input: smsLogQuery,
    summary: 'SMS log as CSV',
  }),
  pushList: endpoint({
    method: 'POST',
    path: '/admin/log/pushList.do',
    access: { permission: 'push', action: 'query' },
    input: pushLogQuery,
    data: pageOf(pushLogItem),
    summary: 'Push log (messages sent through the push provider)',
  }),
  chainVerify: endpoint({
    method: 'POST',
    path: '/admin/log/chainVerify.do',
    access: { permission: 'operationlog', action: 'query' },
    super: true,
    data: chainReport,
    summary: "Walks the operation log's hash chain again: the first changed, missing or relinked row, or none",
  }),
  deleteLogs: endpoint({
    method: 'POST',
    path: '/admin/log/delete.do',
    access: { permission: 'operationlog', action: 'delete' },
    super: true,
    input: deleteLogInput,
    data: orHeld(z.object({ deleted: z.number().int() })),
    module: 'logs',
    summary: 'Delete log rows (super-user only; logged)',
    guard: 'access',
  }),
} as const;
