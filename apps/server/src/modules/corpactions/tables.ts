import { bigserial, date, index, integer, numeric, pgTable, serial, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { money, price, stockNamed, ts } from '../../db/columns.js';
import { admins } from '../_kit/parties.js';
import { stocks } from '../products/tables.js';

// The corporate-actions domain's tables (migrations/0456_corp_actions.sql). Other domains read them through this file.

export const corpActions = pgTable(
  'corp_actions',
  {
    id: serial('id').primaryKey(),
    stockId: integer('stock_id')
      .notNull()
      .references(() => stocks.id),
    ...stockNamed(),
    recordDate: date('record_date', { mode: 'string' }).notNull(),
    exDate: date('ex_date', { mode: 'string' }).notNull(),
    payDate: date('pay_date', { mode: 'string' }),
    cashPerShare: numeric('cash_per_share', { precision: 20, scale: 6 }),
    bonusPer10: numeric('bonus_per10', { precision: 12, scale: 4 }),
    transferPer10: numeric('transfer_per10', { precision: 12, scale: 4 }),
    splitRatio: numeric('split_ratio', { precision: 12, scale: 6 }),
    status: text('status').notNull().default('scheduled'),
    source: text('source').notNull().default('entered'),
    fileName: text('file_name'),
    note: text('note'),
    createdBy: integer('created_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    cancelledBy: integer('cancelled_by').references(() => admins.id, { onDelete: 'set null' }),
    cancelledAt: ts('cancelled_at'),
    cancelReason: text('cancel_reason'),
    appliedAt: ts('applied_at'),
    runId: integer('run_id'),
    closePrice: price('close_price'),
    refPrice: price('ref_price'),
  },
  (t) => [
    uniqueIndex('corp_actions_stock_ex_key')
      .on(t.stockId, t.exDate)
      .where(sql`status <> 'cancelled'`),
    index('corp_actions_due_idx')
      .on(t.exDate)
      .where(sql`status = 'scheduled'`),
    index('corp_actions_ex_idx').on(t.exDate.desc(), t.id.desc()),
  ],
);

export const corpActionRuns = pgTable(
  'corp_action_runs',
  {
    id: serial('id').primaryKey(),
    day: date('day', { mode: 'string' }).notNull(),
    trigger: text('trigger').notNull(),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('running'),
    actions: integer('actions').notNull().default(0),
    positions: integer('positions').notNull().default(0),
    credited: money('credited').notNull().default('0'),
    debited: money('debited').notNull().default('0'),
    error: text('error'),
    startedAt: ts('started_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [index('corp_action_runs_started_idx').on(t.startedAt.desc(), t.id.desc())],
);

export const positionAdjustments = pgTable(
  'position_adjustments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actionId: integer('action_id')
      .notNull()
      .references(() => corpActions.id),
    runId: integer('run_id')
      .notNull()
      .references(() => corpActionRuns.id),
    // positions and users are referenced in SQL (0456); declared here as plain columns so that this file reads no
    // trading or users table (the trading domain's sweep reads this one)
    positionId: integer('position_id').notNull(),
    userId: integer('user_id').notNull(),
    agentId: integer('agent_id'),
    direction: text('direction').notNull(),
    sharesBefore: integer('shares_before').notNull(),
    sharesAfter: integer('shares_after').notNull(),
    priceBefore: price('price_before').notNull(),
    priceAfter: price('price_after').notNull(),
    amountBefore: money('amount_before').notNull(),
    amountAfter: money('amount_after').notNull(),
    marginBefore: money('margin_before').notNull(),
    marginAfter: money('margin_after').notNull(),
    takeProfitBefore: price('take_profit_before'),
    takeProfitAfter: price('take_profit_after'),
    stopLossBefore: price('stop_loss_before'),
    stopLossAfter: price('stop_loss_after'),
    dividend: money('dividend').notNull().default('0'),
    tax: money('tax').notNull().default('0'),
    fractionShares: numeric('fraction_shares', { precision: 20, scale: 6 }).notNull().default('0'),
    fractionCash: money('fraction_cash').notNull().default('0'),
    cash: money('cash').notNull().default('0'),
    unpaid: money('unpaid').notNull().default('0'),
    refPrice: price('ref_price').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique().on(t.actionId, t.positionId),
    index('position_adjustments_position_idx').on(t.positionId, t.id),
    index('position_adjustments_agent_idx').on(t.agentId, t.id.desc()),
  ],
);
