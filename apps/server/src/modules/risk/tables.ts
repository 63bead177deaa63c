import { boolean, integer, jsonb, numeric, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns.js';
import { admins } from '../_kit/parties.js';

// The risk domain's tables (its manifest's `tables`; migrations/ beside this file). Other domains read them through this file.

// Mirrors migrations/0407_risk.sql.

export const riskSettings = pgTable('risk_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  version: integer('version').notNull().default(1),
  updatedBy: integer('updated_by').references(() => admins.id, { onDelete: 'set null' }),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const spreadRules = pgTable('spread_rules', {
  id: serial('id').primaryKey(),
  type: text('type').notNull(),
  rangeStart: numeric('range_start', { precision: 20, scale: 4 }),
  rangeEnd: numeric('range_end', { precision: 20, scale: 4 }),
  prefix: text('prefix'),
  ratePct: numeric('rate_pct', { precision: 10, scale: 4 }).notNull(),
  enabled: boolean('enabled').notNull().default(true),
  note: text('note').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
