import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { ts } from '../../db/columns.js';

// The messages domain's tables (its manifest's `tables`; migrations/ beside this file). Other domains read them through this file.

// Mirrors migrations/0301_station_messages.sql.

export const stationMessages = pgTable('station_messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  audience: text('audience').notNull(),
  scopeAgentId: integer('scope_agent_id'),
  recipientCount: integer('recipient_count').notNull().default(0),
  adminId: integer('admin_id'),
  adminName: text('admin_name'),
  createdAt: ts('created_at').notNull().defaultNow(),
  deletedAt: ts('deleted_at'),
});

export const stationMessageRecipients = pgTable(
  'station_message_recipients',
  {
    messageId: bigint('message_id', { mode: 'number' }).notNull(),
    userId: integer('user_id').notNull(),
    readAt: ts('read_at'),
    /** The recipient's own text (a template's variables filled); null = the message's. */
    title: text('title'),
    content: text('content'),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] })],
);

// Mirrors migrations/0431_agreements_messaging.sql (messaging half).

export const msgTemplates = pgTable('msg_templates', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  channel: text('channel').notNull(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  lang: text('lang').notNull().default('zh-CN'),
  updatedBy: text('updated_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const messageSends = pgTable(
  'message_sends',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    templateId: integer('template_id').references(() => msgTemplates.id, { onDelete: 'set null' }),
    templateName: text('template_name'),
    channel: text('channel').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    audience: jsonb('audience').notNull(),
    audienceLabel: text('audience_label').notNull(),
    scopeAgentId: integer('scope_agent_id'),
    status: text('status').notNull(),
    scheduledAt: ts('scheduled_at').notNull().defaultNow(),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    noDevice: integer('no_device').notNull().default(0),
    cursor: integer('cursor').notNull().default(0),
    retrying: boolean('retrying').notNull().default(false),
    stationMessageId: bigint('station_message_id', { mode: 'number' }),
    error: text('error'),
    adminId: integer('admin_id'),
    adminName: text('admin_name'),
    createdAt: ts('created_at').notNull().defaultNow(),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('message_sends_due_idx')
      .on(t.scheduledAt)
      .where(sql`status IN ('scheduled', 'queued', 'running')`),
  ],
);

export const messageDeliveries = pgTable(
  'message_deliveries',
  {
    sendId: bigint('send_id', { mode: 'number' })
      .notNull()
      .references(() => messageSends.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull(),
    status: text('status').notNull(),
    error: text('error'),
    attempts: integer('attempts').notNull().default(1),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.sendId, t.userId] }),
    index('message_deliveries_failed_idx')
      .on(t.sendId, t.userId)
      .where(sql`status = 'failed'`),
  ],
);

export const userDevices = pgTable(
  'user_devices',
  {
    userId: integer('user_id').notNull(),
    platform: text('platform').notNull(),
    token: text('token').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.token] })],
);
