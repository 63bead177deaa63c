import { bigint, bigserial, boolean, date, integer, numeric, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { bytea, ts } from '../../db/columns.js';

// The users domain's tables (migrations/ beside this file); the `users` table itself is one of the parties' tables
// (../_kit/parties.ts), which the ledger and agent scoping read from below. Other domains read these through this file.

export const userBanks = pgTable('user_banks', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull(),
  bankName: text('bank_name').notNull(),
  branch: text('branch').notNull().default(''),
  cardNoSealed: text('card_no_sealed').notNull(),
  cardLast4: text('card_last4').notNull(),
  holderName: text('holder_name').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const userSessions = pgTable('user_sessions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  ip: text('ip'),
  userAgent: text('user_agent'),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
  revokeReason: text('revoke_reason'),
});

export const uploads = pgTable('uploads', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  key: text('key').notNull(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
  uploadedByAdmin: integer('uploaded_by_admin'),
  uploadedByUser: integer('uploaded_by_user'),
  userId: integer('user_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export type UserBankRow = typeof userBanks.$inferSelect;

/** Live users per combination of the list's coarse filters (migration 0201; kept by triggers). */
export const userCounts = pgTable('user_counts', {
  agentId: integer('agent_id').notNull(),
  accountType: smallint('account_type').notNull(),
  realState: smallint('real_state').notNull(),
  loginLocked: boolean('login_locked').notNull(),
  tradeLocked: boolean('trade_locked').notNull(),
  layeringId: integer('layering_id').notNull(),
  n: bigint('n', { mode: 'number' }).notNull(),
});

/** Live users per Asia/Shanghai registration day (migration 0206; kept by triggers). */
export const userRegDays = pgTable('user_reg_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull(),
});

/** Each live user's balances under its agent (0 = none), indexed for the list's balance orders (migration 0210; kept by triggers). */
export const userBalances = pgTable('user_balances', {
  userId: integer('user_id').primaryKey(),
  agentId: integer('agent_id').notNull(),
  userAmt: numeric('user_amt', { precision: 20, scale: 2 }).notNull(),
  enableAmt: numeric('enable_amt', { precision: 20, scale: 2 }).notNull(),
  frozenAmt: numeric('frozen_amt', { precision: 20, scale: 2 }).notNull(),
});
