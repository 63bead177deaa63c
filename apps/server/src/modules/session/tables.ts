import { bigserial, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.js';

// The session domain's tables (its manifest's `tables`; migrations/ beside this file). Other domains read them through this file.

export const adminSessions = pgTable('admin_sessions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  adminId: integer('admin_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  ip: text('ip'),
  userAgent: text('user_agent'),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
  revokeReason: text('revoke_reason'),
});

export const loginLog = pgTable(
  'login_log',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    adminId: integer('admin_id'),
    username: text('username').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    result: text('result').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  // partitioned by month (migration 0446): the key holds the partition's column
  (t) => [primaryKey({ columns: [t.id, t.createdAt] })],
);
