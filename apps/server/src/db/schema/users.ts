import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  char,
  customType,
  date,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

// Mirrors migrations/0200_users.sql (agents, users, bank cards, app sessions, uploads, the ledger).
const amount = (name: string) => numeric(name, { precision: 20, scale: 2 });
const rate = (name: string) => numeric(name, { precision: 10, scale: 6 });
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

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
  balance: amount('balance').notNull().default('0'),
  locked: boolean('locked').notNull().default(false),
  remark: text('remark').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  deletedAt: ts('deleted_at'),
});

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
  userAmt: amount('user_amt').notNull().default('0'),
  /** free cash */
  enableAmt: amount('enable_amt').notNull().default('0'),
  /** held */
  frozenAmt: amount('frozen_amt').notNull().default('0'),
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

export const userLoginLog = pgTable('user_login_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id'),
  phone: text('phone').notNull(),
  ip: text('ip'),
  userAgent: text('user_agent'),
  result: text('result').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
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

/** The ledger (written only by apps/server/src/ledger). */
export const fundRecords = pgTable('fund_records', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id'),
  agentId: integer('agent_id'),
  type: text('type').notNull(),
  amount: amount('amount').notNull(),
  equityDelta: amount('equity_delta').notNull().default('0'),
  enableDelta: amount('enable_delta').notNull().default('0'),
  frozenDelta: amount('frozen_delta').notNull().default('0'),
  userAmtAfter: amount('user_amt_after').notNull(),
  enableAmtAfter: amount('enable_amt_after').notNull(),
  frozenAmtAfter: amount('frozen_amt_after').notNull(),
  reference: text('reference'),
  adminId: integer('admin_id'),
  note: text('note'),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** The agent the record belongs to for scoping: the user's current agent, or the agent itself (migration 0202). */
  ownerAgentId: integer('owner_agent_id'),
});

export type AgentRow = typeof agents.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type UserBankRow = typeof userBanks.$inferSelect;
export type FundRecordRow = typeof fundRecords.$inferSelect;

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

/** Fund records per Asia/Shanghai day, type, owner, agent and account type (migration 0201; kept by triggers). */
export const fundStats = pgTable('fund_stats', {
  day: date('day', { mode: 'string' }).notNull(),
  type: text('type').notNull(),
  owner: char('owner', { length: 1 }).notNull(),
  agentId: integer('agent_id').notNull(),
  accountType: smallint('account_type').notNull(),
  n: bigint('n', { mode: 'number' }).notNull(),
  amountIn: numeric('amount_in', { precision: 24, scale: 2 }).notNull(),
  amountOut: numeric('amount_out', { precision: 24, scale: 2 }).notNull(),
});

/** fund_stats without agent and account type (migration 0202; kept by triggers). */
export const fundStatsDay = pgTable('fund_stats_day', {
  day: date('day', { mode: 'string' }).notNull(),
  type: text('type').notNull(),
  owner: char('owner', { length: 1 }).notNull(),
  n: bigint('n', { mode: 'number' }).notNull(),
  amountIn: numeric('amount_in', { precision: 24, scale: 2 }).notNull(),
  amountOut: numeric('amount_out', { precision: 24, scale: 2 }).notNull(),
  /** one of up to eight rows of a key, written by different transactions (migration 0434): readers sum */
  stripe: smallint('stripe').notNull().default(sql`(txid_current() % 8)`),
});

/** fund_stats without the day: all-time totals per agent, type, owner, account type (migration 0209; kept by triggers). */
export const fundStatsAll = pgTable('fund_stats_all', {
  agentId: integer('agent_id').notNull(),
  type: text('type').notNull(),
  owner: char('owner', { length: 1 }).notNull(),
  accountType: smallint('account_type').notNull(),
  n: bigint('n', { mode: 'number' }).notNull(),
  amountIn: numeric('amount_in', { precision: 24, scale: 2 }).notNull(),
  amountOut: numeric('amount_out', { precision: 24, scale: 2 }).notNull(),
});

/** Live users per Asia/Shanghai registration day (migration 0206; kept by triggers). */
export const userRegDays = pgTable('user_reg_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull(),
});

/**
 * fund_stats_day per hour and account type (migrations 0208, 0432; kept by triggers): the partial days of a time
 * range, deep pages, the analysis by hour of real accounts.
 */
export const fundStatsHour = pgTable('fund_stats_hour', {
  hour: timestamp('hour', { withTimezone: true, mode: 'string' }).notNull(),
  type: text('type').notNull(),
  owner: char('owner', { length: 1 }).notNull(),
  accountType: smallint('account_type').notNull().default(0),
  n: bigint('n', { mode: 'number' }).notNull(),
  amountIn: numeric('amount_in', { precision: 24, scale: 2 }).notNull(),
  amountOut: numeric('amount_out', { precision: 24, scale: 2 }).notNull(),
  /** as fund_stats_day's (migration 0434) */
  stripe: smallint('stripe').notNull().default(sql`(txid_current() % 8)`),
});

/** Each live user's balances under its agent (0 = none), indexed for the list's balance orders (migration 0210; kept by triggers). */
export const userBalances = pgTable('user_balances', {
  userId: integer('user_id').primaryKey(),
  agentId: integer('agent_id').notNull(),
  userAmt: numeric('user_amt', { precision: 20, scale: 2 }).notNull(),
  enableAmt: numeric('enable_amt', { precision: 20, scale: 2 }).notNull(),
  frozenAmt: numeric('frozen_amt', { precision: 20, scale: 2 }).notNull(),
});
