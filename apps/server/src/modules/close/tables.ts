import { bigint, bigserial, boolean, char, date, integer, jsonb, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { CloseStatement, ReconKind } from '@stock-admin/contracts';
import { ts } from '../../db/columns.js';

// The close domain's tables (migrations/0443_daily_close.sql).

const sum = (name: string) => numeric(name, { precision: 24, scale: 2 }).notNull();

/** A closed day: its statement as stored (final), the figures the list shows, and the ledger's checkpoint. */
export const dailyCloses = pgTable('daily_closes', {
  day: date('day', { mode: 'string' }).primaryKey(),
  statement: jsonb('statement').$type<CloseStatement>().notNull(),
  usersClosing: sum('users_closing'),
  agentsClosing: sum('agents_closing'),
  houseClosing: sum('house_closing'),
  simulatedClosing: sum('simulated_closing'),
  houseDay: sum('house_day'),
  deposits: sum('deposits'),
  withdrawals: sum('withdrawals'),
  balanced: boolean('balanced').notNull(),
  checkpoint: bigint('checkpoint', { mode: 'number' }).notNull(),
  chainHead: text('chain_head'),
  closedAt: ts('closed_at').notNull().defaultNow(),
  closedBy: text('closed_by'),
});

/** Each user's ('u') and agent's ('a') balances at the last close's checkpoint. */
export const closeBalances = pgTable(
  'close_balances',
  {
    owner: char('owner', { length: 1 }).notNull(),
    id: integer('id').notNull(),
    equity: sum('equity'),
    enable: sum('enable'),
    frozen: sum('frozen'),
  },
  (t) => [primaryKey({ columns: [t.owner, t.id] })],
);

/** The closed period's end and the last close's checkpoint (one row). */
export const closeHead = pgTable('close_head', {
  one: boolean('one').primaryKey().default(true),
  closedThrough: ts('closed_through').notNull(),
  checkpoint: bigint('checkpoint', { mode: 'number' }).notNull(),
});

/** A channel's statement of a day (migrations/0444_reconciliation.sql, 0455: its reopening). */
export const reconStatements = pgTable('recon_statements', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  channelId: integer('channel_id').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  fileName: text('file_name').notNull(),
  lines: integer('lines').notNull(),
  status: text('status').$type<'open' | 'reconciled'>().notNull().default('open'),
  uploadedBy: text('uploaded_by').notNull(),
  uploadedAt: ts('uploaded_at').notNull().defaultNow(),
  reopenedBy: text('reopened_by'),
  reopenedAt: ts('reopened_at'),
  reopenReason: text('reopen_reason'),
});

/**
 * A matched pair, or an exception: a line in the statement only, a movement on the platform only, amounts that differ, a
 * line repeating an earlier one's reference (0455), or a reversal (a negative amount, stored signed).
 */
export const reconItems = pgTable('recon_items', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  statementId: bigint('statement_id', { mode: 'number' }).notNull(),
  kind: text('kind').$type<ReconKind>().notNull(),
  direction: text('direction').$type<'in' | 'out'>().notNull(),
  line: integer('line'),
  stTime: ts('st_time'),
  stReference: text('st_reference'),
  stAmount: numeric('st_amount', { precision: 20, scale: 2 }),
  duplicateOf: integer('duplicate_of'),
  orderNo: text('order_no'),
  platformAmount: numeric('platform_amount', { precision: 20, scale: 2 }),
  platformTime: ts('platform_time'),
  userId: integer('user_id'),
  resolvedAt: ts('resolved_at'),
  resolvedBy: text('resolved_by'),
  note: text('note'),
});
