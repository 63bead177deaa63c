import { bigserial, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.js';

// The logs domain's tables (its manifest's `tables`; migrations/ beside this file). Other domains read them through this file.

export const smsLog = pgTable(
  'sms_log',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    phone: text('phone').notNull(),
    kind: text('kind').notNull(),
    content: text('content').notNull(),
    provider: text('provider').notNull(),
    result: text('result').notNull(),
    error: text('error'),
    providerRef: text('provider_ref'),
    adminId: integer('admin_id'),
    ip: text('ip'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  // partitioned by month (migration 0446): the key holds the partition's column
  (t) => [primaryKey({ columns: [t.id, t.createdAt] })],
);

export const pushLog = pgTable(
  'push_log',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    platform: text('platform').notNull(),
    target: text('target').notNull(),
    title: text('title').notNull().default(''),
    body: text('body').notNull().default(''),
    provider: text('provider').notNull(),
    result: text('result').notNull(),
    error: text('error'),
    adminId: integer('admin_id'),
    userId: integer('user_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  // partitioned by month (migration 0446): the key holds the partition's column
  (t) => [primaryKey({ columns: [t.id, t.createdAt] })],
);
