import { bigint, boolean, date, numeric, pgTable, text } from 'drizzle-orm/pg-core';
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
