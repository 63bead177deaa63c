import { bigserial, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.js';

// The admins domain's tables (migrations/ beside this file); the `admins` table itself is one of the parties' tables
// (../_kit/parties.ts), which the session reads from below to sign administrators in.

export const smsCodes = pgTable('sms_codes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  phone: text('phone').notNull(),
  purpose: text('purpose').notNull(),
  codeHash: text('code_hash').notNull(),
  ip: text('ip'),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
