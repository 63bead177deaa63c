import { bigint, boolean, date, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { ts, price } from '../../db/columns.js';

// The market domain's tables (its manifest's `tables`; migrations/ beside this file). Other domains read them through this file.

export const quotes = pgTable('quotes', {
  gid: text('gid').primaryKey(),
  last: price('last').notNull(),
  prevClose: price('prev_close').notNull(),
  open: price('open'),
  high: price('high'),
  low: price('low'),
  changePct: numeric('change_pct', { precision: 10, scale: 4 }).notNull().default('0'),
  volume: bigint('volume', { mode: 'number' }).notNull().default(0),
  turnover: numeric('turnover', { precision: 24, scale: 2 }).notNull().default('0'),
  bid: price('bid'),
  ask: price('ask'),
  tradingDay: date('trading_day', { mode: 'string' }),
  stale: boolean('stale').notNull().default(false),
  quotedAt: ts('quoted_at').notNull().defaultNow(),
});

/** The ex-rights adjustments made to quotes (migrations/0457): one per corporate action, with its prices. */
export const quoteExRights = pgTable('quote_ex_rights', {
  actionId: integer('action_id').primaryKey(),
  gid: text('gid').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  closePrice: price('close_price'),
  refPrice: price('ref_price').notNull(),
  at: ts('at').notNull().defaultNow(),
});
