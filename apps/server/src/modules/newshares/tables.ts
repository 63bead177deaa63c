import { bigint, boolean, date, index, integer, numeric, pgTable, serial, smallint, text, unique } from 'drizzle-orm/pg-core';
import { money, price, ts } from '../../db/columns.js';
import { users, admins } from '../_kit/parties.js';
import { positions } from '../trading/tables.js';

// The newshares domain's tables (its manifest's `tables`; migrations/ beside this file). Other domains read them through this file.

// Mirrors migrations/0420_newshares.sql.
const count = (name: string) => bigint(name, { mode: 'number' });

export const newshareIssues = pgTable(
  'newshare_issues',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    market: text('market').notNull(),
    board: text('board').notNull(),
    underlyingCode: text('underlying_code'),
    issuePrice: price('issue_price').notNull(),
    peRatio: numeric('pe_ratio', { precision: 20, scale: 2 }),
    issueSize: count('issue_size').notNull(),
    /** Σ allotted of its allotted, paid and converted subscriptions, ≤ issue size (migration 0438). */
    allottedQty: count('allotted_qty').notNull().default(0),
    lotSize: integer('lot_size').notNull(),
    maxPerUser: count('max_per_user').notNull(),
    subscribeType: text('subscribe_type').notNull(),
    subscribeDate: date('subscribe_date', { mode: 'string' }).notNull(),
    allotDate: date('allot_date', { mode: 'string' }).notNull(),
    payDeadline: date('pay_deadline', { mode: 'string' }).notNull(),
    listingDate: date('listing_date', { mode: 'string' }).notNull(),
    shown: boolean('shown').notNull().default(true),
    locked: boolean('locked').notNull().default(false),
    autoConvert: boolean('auto_convert').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [unique().on(t.kind, t.code), index('newshare_issues_dates_idx').on(t.kind, t.subscribeDate.desc())],
);

export const newshareSubscriptions = pgTable(
  'newshare_subscriptions',
  {
    id: serial('id').primaryKey(),
    orderNo: text('order_no').notNull().unique(),
    issueId: integer('issue_id')
      .notNull()
      .references(() => newshareIssues.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: smallint('status').notNull().default(1),
    appliedQty: count('applied_qty').notNull(),
    allottedQty: count('allotted_qty').notNull().default(0),
    frozenAmount: money('frozen_amount').notNull().default('0'),
    paidAmount: money('paid_amount').notNull().default('0'),
    positionId: integer('position_id').references(() => positions.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    allottedAt: ts('allotted_at'),
    paidAt: ts('paid_at'),
    convertedAt: ts('converted_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('newshare_subscriptions_issue_idx').on(t.issueId, t.status),
    index('newshare_subscriptions_user_idx').on(t.userId, t.createdAt.desc()),
    index('newshare_subscriptions_status_idx').on(t.status, t.createdAt.desc()),
  ],
);
