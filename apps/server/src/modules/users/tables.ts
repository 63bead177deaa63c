import { bigint, bigserial, boolean, date, integer, numeric, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { bytea, money, ts } from '../../db/columns.js';

// The users domain's tables (its manifest's `tables`; migrations/ beside this file). Other domains read them through this file.

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  phone: text('phone').notNull(),
  passwordHash: text('password_hash').notNull(),
  nickName: text('nick_name').notNull().default(''),
  realName: text('real_name'),
  idNumberSealed: text('id_number_sealed'),
  idNumberMasked: text('id_number_masked'),
  /** 0 real, 1 simulated */
  accountType: smallint('account_type').notNull().default(0),
  agentId: integer('agent_id'),
  referrerId: integer('referrer_id'),
  /** equity */
  userAmt: money('user_amt').notNull().default('0'),
  /** free cash */
  enableAmt: money('enable_amt').notNull().default('0'),
  /** held */
  frozenAmt: money('frozen_amt').notNull().default('0'),
  tradeLocked: boolean('trade_locked').notNull().default(false),
  loginLocked: boolean('login_locked').notNull().default(false),
  /** 0 none, 1 pending, 2 approved, 3 rejected */
  realState: smallint('real_state').notNull().default(0),
  realRejectReason: text('real_reject_reason'),
  realSubmittedAt: ts('real_submitted_at'),
  realReviewedAt: ts('real_reviewed_at'),
  realReviewedBy: integer('real_reviewed_by'),
  idFront: text('id_front'),
  idBack: text('id_back'),
  regTime: ts('reg_time').notNull().defaultNow(),
  regIp: text('reg_ip'),
  layeringId: integer('layering_id'),
  layeringPinned: boolean('layering_pinned').notNull().default(false),
  online: boolean('online').notNull().default(false),
  lastLoginAt: ts('last_login_at'),
  lastLoginIp: text('last_login_ip'),
  remark: text('remark').notNull().default(''),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  deletedAt: ts('deleted_at'),
});

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

export type UserRow = typeof users.$inferSelect;

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
