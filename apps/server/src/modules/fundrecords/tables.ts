import { sql } from 'drizzle-orm';
import { bigint, bigserial, char, date, integer, numeric, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { money, ts } from '../../db/columns.js';

// The fundrecords domain's tables (its manifest's `tables`; migrations/ beside this file). Other domains read them through this file.

/** The ledger (written only by apps/server/src/ledger). */
export const fundRecords = pgTable('fund_records', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: integer('user_id'),
  agentId: integer('agent_id'),
  type: text('type').notNull(),
  amount: money('amount').notNull(),
  equityDelta: money('equity_delta').notNull().default('0'),
  enableDelta: money('enable_delta').notNull().default('0'),
  frozenDelta: money('frozen_delta').notNull().default('0'),
  userAmtAfter: money('user_amt_after').notNull(),
  enableAmtAfter: money('enable_amt_after').notNull(),
  frozenAmtAfter: money('frozen_amt_after').notNull(),
  reference: text('reference'),
  adminId: integer('admin_id'),
  note: text('note'),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** The agent the record belongs to for scoping: the user's current agent, or the agent itself (migration 0202). */
  ownerAgentId: integer('owner_agent_id'),
});

export type FundRecordRow = typeof fundRecords.$inferSelect;

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
  stripe: smallint('stripe')
    .notNull()
    .default(sql`(txid_current() % 8)`),
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
  stripe: smallint('stripe')
    .notNull()
    .default(sql`(txid_current() % 8)`),
});
