import { boolean, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { money, rate, ts } from '../../db/columns.js';

// The agents domain's tables (its manifest's `tables`; migrations/ beside this file). Other domains read them through this file.

// Mirrors migrations/0200_users.sql (agents, users, bank cards, app sessions, uploads, the ledger).

export const agents = pgTable('agents', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  realName: text('real_name').notNull().default(''),
  phone: text('phone').notNull(),
  passwordHash: text('password_hash').notNull(),
  inviteCode: text('invite_code').notNull(),
  parentId: integer('parent_id'),
  level: integer('level').notNull().default(1),
  /** Ids from the root down to this agent itself. */
  path: integer('path').array().notNull(),
  feeRate: rate('fee_rate').notNull().default('0'),
  deferralRate: rate('deferral_rate').notNull().default('0'),
  profitRate: rate('profit_rate').notNull().default('0'),
  balance: money('balance').notNull().default('0'),
  locked: boolean('locked').notNull().default(false),
  remark: text('remark').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  deletedAt: ts('deleted_at'),
});

export type AgentRow = typeof agents.$inferSelect;
