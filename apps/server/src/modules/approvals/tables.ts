import { bigserial, boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { Lang } from '@stock-admin/contracts';
import { money, ts } from '../../db/columns.js';

export type Said = Record<Lang, string>;

// The approvals domain's tables (dual control, issue 49; migrations/ beside this file).

/** One rule per guarded operation: rules are data an operator edits (loosening one is itself a request). */
export const approvalRules = pgTable('approval_rules', {
  operation: text('operation').primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  /** yuan: calls under it run at once; null: every call is held */
  threshold: money('threshold'),
  expiresHours: integer('expires_hours').notNull().default(24),
  updatedAt: ts('updated_at'),
  updatedBy: text('updated_by'),
});

/** A maker's call held for a second administrator: its whole input, run on approval through the same handler. */
export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operation: text('operation').notNull(),
    target: text('target').notNull(),
    path: text('path').notNull(),
    input: jsonb('input').notNull(),
    amount: money('amount'),
    /** the line an operator reads, in both languages ({'zh-CN', 'en-US'}) */
    summary: jsonb('summary').$type<Said>().notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected', 'expired', 'failed', 'cancelled'] })
      .notNull()
      .default('pending'),
    makerId: integer('maker_id').notNull(),
    makerName: text('maker_name').notNull(),
    /** the maker's language: the operation runs (and its messages are stored) in it */
    lang: text('lang').notNull(),
    /** set while a checker's approval runs (the request stays pending until the operation commits with it) */
    claimedAt: ts('claimed_at'),
    checkerId: integer('checker_id'),
    checkerName: text('checker_name'),
    note: text('note'),
    /** why it failed / expired: a server message key and its parameters, said in the reader's language */
    reason: jsonb('reason'),
    result: jsonb('result'),
    createdAt: ts('created_at').notNull().defaultNow(),
    decidedAt: ts('decided_at'),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    uniqueIndex('approval_requests_one_pending')
      .on(t.operation, t.target)
      .where(sql`status = 'pending'`),
    index('approval_requests_status').on(t.status, t.id),
    index('approval_requests_maker').on(t.makerId, t.id),
  ],
);
