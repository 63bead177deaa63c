import { z } from 'zod';
import { optionalTime } from './time.js';
import { AUDIENCE_KINDS, audienceInput, audienceUser, audienceUsersQuery } from './audience.js';
import { optionalField } from './user-fields.js';
import { endpoint } from './endpoint.js';
import { pageOf, pageQuery } from './envelope.js';
import { optionalText, zId, zIdList } from './fields.js';
import { LANGS } from './envelope.js';

/**
 * Message templates and sends (spec §7 "Message templates"; §2 /account/push 消息推送 and /account/pushlist 消息日志;
 * issue 24). A send goes to an audience through one channel as a background job: the request only queues it, the
 * job writes the messages in chunks and records every recipient's delivery.
 */
export const MESSAGE_CHANNELS = ['station', 'sms', 'push'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export const SEND_STATUSES = ['scheduled', 'queued', 'running', 'done', 'cancelled', 'failed'] as const;
export type SendStatus = (typeof SEND_STATUSES)[number];
export const DELIVERY_STATUSES = ['sent', 'failed', 'no_device'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const msgTemplate = z.object({
  id: z.number(),
  name: z.string(),
  channel: z.enum(MESSAGE_CHANNELS),
  title: z.string(),
  content: z.string(),
  lang: z.enum(LANGS),
  sends: z.number().int(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type MsgTemplate = z.infer<typeof msgTemplate>;

const templateFields = {
  name: z.string().trim().min(1).max(100),
  channel: z.enum(MESSAGE_CHANNELS),
  title: z.string().trim().min(1).max(100),
  /** Plain text with `{{variables}}` (SMS and push carry no markup). */
  content: z.string().trim().min(1).max(2000),
  lang: z.enum(LANGS).default('zh-CN'),
};
export const msgTemplateInput = z.object(templateFields);
export const msgTemplateUpdate = z.object({ id: zId(), ...templateFields });
export const msgTemplateQuery = pageQuery.extend({
  name: optionalText(100),
  channel: optionalField(z.enum(MESSAGE_CHANNELS)),
  lang: optionalField(z.enum(LANGS)),
});

/** A send: a template's, or one composed on the spot (the push page). `scheduleAt` in the future waits for it. */
export const sendInput = z
  .object({
    templateId: zId().optional(),
    channel: z.enum(MESSAGE_CHANNELS).optional(),
    title: z.string().trim().min(1).max(100).optional(),
    content: z.string().trim().min(1).max(2000).optional(),
    audience: audienceInput,
    scheduleAt: optionalTime(),
  })
  .refine((v) => v.templateId != null || v.channel != null, { message: 'required', path: ['channel'] })
  .refine((v) => v.templateId != null || v.title != null, { message: 'required', path: ['title'] })
  .refine((v) => v.templateId != null || v.content != null, { message: 'required', path: ['content'] });

export const previewMsgInput = z
  .object({
    templateId: zId().optional(),
    title: z.string().max(100).optional(),
    content: z.string().max(2000).optional(),
    userId: optionalField(zId()),
  })
  .refine((v) => v.templateId != null || v.content != null, { message: 'required', path: ['content'] });

export const sendItem = z.object({
  id: z.number(),
  templateId: z.number().nullable(),
  templateName: z.string().nullable(),
  channel: z.enum(MESSAGE_CHANNELS),
  title: z.string(),
  content: z.string(),
  audienceKind: z.enum(AUDIENCE_KINDS),
  /** The audience in words: "3 users", the agent's or tier's name, "everyone". */
  audienceLabel: z.string(),
  status: z.enum(SEND_STATUSES),
  scheduledAt: z.string(),
  total: z.number().int(),
  done: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  noDevice: z.number().int(),
  error: z.string().nullable(),
  adminName: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type SendItem = z.infer<typeof sendItem>;

export const sendListQuery = pageQuery.extend({
  channel: optionalField(z.enum(MESSAGE_CHANNELS)),
  status: optionalField(z.enum(SEND_STATUSES)),
  templateId: optionalField(zId()),
});
export const deliveryItem = z.object({
  userId: z.number(),
  phone: z.string(),
  nickName: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  error: z.string().nullable(),
  attempts: z.number().int(),
  updatedAt: z.string(),
});
export const deliveryQuery = pageQuery.extend({ id: zId(), status: optionalField(z.enum(DELIVERY_STATUSES)) });

export const DEVICE_PLATFORMS = ['ios', 'android'] as const;

const perm = (action: 'query' | 'get' | 'add' | 'edit' | 'delete') => ({ permission: 'push' as const, action });
const M = '/admin/msgTemplate';
const rowResult = z.object({ id: z.number(), ok: z.boolean(), msg: z.string() });

export const messageSendsApi = {
  templates: endpoint({
    method: 'GET',
    path: `${M}/queryInfoList.do`,
    access: perm('query'),
    input: msgTemplateQuery,
    data: pageOf(msgTemplate),
    summary: 'Message templates',
  }),
  users: endpoint({
    method: 'GET',
    path: `${M}/queryMsgUsers.do`,
    access: perm('query'),
    input: audienceUsersQuery,
    data: pageOf(audienceUser),
    summary: 'Users to send to (in the caller’s scope)',
  }),
  add: endpoint({
    method: 'POST',
    path: `${M}/add.do`,
    access: perm('add'),
    input: msgTemplateInput,
    data: msgTemplate,
    module: 'messages',
    summary: 'Add a message template (JSON)',
  }),
  update: endpoint({
    method: 'POST',
    path: `${M}/update.do`,
    access: perm('edit'),
    input: msgTemplateUpdate,
    data: msgTemplate,
    module: 'messages',
    summary: 'Edit a message template (JSON)',
  }),
  delete: endpoint({
    method: 'POST',
    path: `${M}/delete.do`,
    access: perm('delete'),
    input: z.object({ id: zId() }),
    data: z.null(),
    module: 'messages',
    summary: 'Delete a message template',
  }),
  batchDelete: endpoint({
    method: 'POST',
    path: `${M}/batchDelete.do`,
    access: perm('delete'),
    input: z.object({ ids: zIdList() }),
    data: z.object({ ok: z.number().int(), failed: z.number().int(), results: z.array(rowResult) }),
    module: 'messages',
    summary: 'Delete several templates, with a result per id',
  }),
  send: endpoint({
    method: 'POST',
    path: `${M}/setUserMsg`,
    access: perm('add'),
    input: sendInput,
    data: sendItem,
    module: 'messages',
    summary: 'Send a template (or a composed message) to an audience (JSON): queued as a job, answered at once',
  }),
  audienceSize: endpoint({
    method: 'POST',
    path: `${M}/audienceSize.do`,
    access: perm('query'),
    input: z.object({ audience: audienceInput }),
    data: z.object({ count: z.number().int(), label: z.string() }),
    summary: 'How many users an audience reaches now, and its label: what a send’s confirmation names (JSON)',
  }),
  preview: endpoint({
    method: 'POST',
    path: `${M}/preview.do`,
    access: perm('query'),
    input: previewMsgInput,
    data: z.object({ title: z.string(), content: z.string() }),
    summary: "A template filled with a user's data (or samples)",
  }),
  sends: endpoint({
    method: 'POST',
    path: `${M}/sendList.do`,
    access: perm('query'),
    input: sendListQuery,
    data: pageOf(sendItem),
    summary: 'Sends and their progress (消息日志)',
  }),
  sendDetail: endpoint({
    method: 'POST',
    path: `${M}/sendDetail.do`,
    access: perm('get'),
    input: z.object({ id: zId() }),
    data: sendItem,
    summary: 'One send and its progress',
  }),
  deliveries: endpoint({
    method: 'POST',
    path: `${M}/deliveries.do`,
    access: perm('get'),
    input: deliveryQuery,
    data: pageOf(deliveryItem),
    summary: 'Per-recipient delivery of a send',
  }),
  retry: endpoint({
    method: 'POST',
    path: `${M}/retry.do`,
    access: perm('add'),
    input: z.object({ id: zId() }),
    data: sendItem,
    module: 'messages',
    summary: 'Send again to the recipients whose delivery failed',
  }),
  cancel: endpoint({
    method: 'POST',
    path: `${M}/cancel.do`,
    access: perm('add'),
    input: z.object({ id: zId() }),
    data: sendItem,
    module: 'messages',
    summary: 'Cancel a send not yet finished',
  }),
  appDevice: endpoint({
    method: 'POST',
    path: '/app/device/register.do',
    access: 'signedIn',
    input: z.object({ platform: z.enum(DEVICE_PLATFORMS), token: z.string().trim().min(8).max(300) }),
    data: z.null(),
    summary: "Register the app's push token for this user",
  }),
} as const;
