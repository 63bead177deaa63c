import { bigint, bigserial, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

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
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] })],
);
