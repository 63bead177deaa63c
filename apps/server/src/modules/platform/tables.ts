import { bigserial, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.js';

// The platform domain's tables (its manifest's `tables`; migrations/ beside this file). Other domains read them through this file.

export const userLoginLog = pgTable(
  'user_login_log',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    userId: integer('user_id'),
    phone: text('phone').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    result: text('result').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  // partitioned by month (migration 0446): the key holds the partition's column
  (t) => [primaryKey({ columns: [t.id, t.createdAt] })],
);
