import { z } from 'zod';
import { optionalTime } from './time.js';
import { endpoint } from './endpoint.js';
import { pageOf, pageQuery } from './envelope.js';
import { optionalText, zBool, zId, zIdList } from './fields.js';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** 站内消息: `all` = every user (agent staff: every user of their subtree), `users` = the chosen ones. */
export const STATION_AUDIENCES = ['all', 'users'] as const;
/** At most this many chosen users per message. */
export const STATION_MAX_USERS = 1000;

export const stationMessageItem = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  audience: z.enum(STATION_AUDIENCES),
  recipientCount: z.number().int(),
  readCount: z.number().int(),
  adminId: z.number().nullable(),
  adminName: z.string().nullable(),
  createdAt: z.string(),
  /** Withdrawn messages are no longer shown to users. */
  withdrawn: z.boolean(),
});
export type StationMessageItem = z.infer<typeof stationMessageItem>;

export const stationListQuery = pageQuery.extend({
  title: optionalText(100),
  audience: z.preprocess(blankToUndefined, z.enum(STATION_AUDIENCES).optional()),
  beginTime: optionalTime('start'),
  endTime: optionalTime('end'),
});

export const sendStationInput = z
  .object({
    title: z.string().trim().min(1).max(100),
    content: z.string().trim().min(1).max(5000),
    audience: z.enum(STATION_AUDIENCES),
    /** Comma-joined ids or an array; required for `users`. */
    userIds: zIdList().optional(),
  })
  .refine((v) => v.audience === 'all' || (v.userIds?.length ?? 0) > 0, { message: 'required', path: ['userIds'] })
  .refine((v) => (v.userIds?.length ?? 0) <= STATION_MAX_USERS, { message: 'too_many_users', path: ['userIds'] });

export const stationRecipient = z.object({
  userId: z.number().int(),
  /** Masked: 138****5678. */
  phone: z.string(),
  nickName: z.string(),
  readAt: z.string().nullable(),
});
export const stationRecipientsQuery = pageQuery.extend({
  id: zId(),
  read: z.preprocess(blankToUndefined, zBool().optional()),
});

/** The end user's view (app API, header `usertoken`). */
export const appStationMessage = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export const appStationListQuery = pageQuery.extend({ unread: z.preprocess(blankToUndefined, zBool().optional()) });
export const appStationReadInput = z.object({
  /** Comma-joined ids or an array; omit with all=true to mark everything read. */
  ids: zIdList().optional(),
  all: z.preprocess(blankToUndefined, zBool().optional()),
});

const perm = (action: 'query' | 'get' | 'add' | 'delete') => ({ permission: 'stationmessage' as const, action });

export const messagesApi = {
  list: endpoint({
    method: 'POST',
    path: '/admin/stationMessage/list.do',
    access: perm('query'),
    input: stationListQuery,
    data: pageOf(stationMessageItem),
    summary: 'Station messages sent to users, with read counts',
  }),
  send: endpoint({
    method: 'POST',
    path: '/admin/stationMessage/send.do',
    access: perm('add'),
    input: sendStationInput,
    data: stationMessageItem,
    module: 'messages',
    summary: 'Send a station message to chosen users or to all users',
  }),
  audienceSize: endpoint({
    method: 'POST',
    path: '/admin/stationMessage/audienceSize.do',
    access: perm('add'),
    input: z.object({ audience: z.enum(STATION_AUDIENCES), userIds: zIdList().optional() }),
    data: z.object({ count: z.number().int(), label: z.string() }),
    summary: 'How many users a station message would reach now: what the send’s confirmation names',
  }),
  recipients: endpoint({
    method: 'POST',
    path: '/admin/stationMessage/recipients.do',
    access: perm('get'),
    input: stationRecipientsQuery,
    data: pageOf(stationRecipient),
    summary: 'Recipients of a message and their read state',
  }),
  withdraw: endpoint({
    method: 'POST',
    path: '/admin/stationMessage/del.do',
    access: perm('delete'),
    input: z.object({ id: zId() }),
    data: z.null(),
    module: 'messages',
    summary: 'Withdraw a message (users no longer see it)',
  }),
  appList: endpoint({
    method: 'POST',
    path: '/app/message/list.do',
    access: 'signedIn',
    input: appStationListQuery,
    data: pageOf(appStationMessage).extend({ unread: z.number().int() }),
    summary: "The user's station messages (newest first) and unread count",
  }),
  appRead: endpoint({
    method: 'POST',
    path: '/app/message/read.do',
    access: 'signedIn',
    input: appStationReadInput,
    data: z.object({ unread: z.number().int() }),
    summary: 'Mark station messages read',
  }),
} as const;
