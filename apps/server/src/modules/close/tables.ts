import { bigint, boolean, char, date, integer, jsonb, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { CloseStatement } from '@stock-admin/contracts';
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
