import { bigserial, boolean, index, integer, numeric, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { money, price, stockNamed, ts } from '../../db/columns.js';
import { stocks } from '../products/tables.js';
import { users, admins } from '../_kit/parties.js';
import { positions } from '../trading/tables.js';

// The blocktrade domain's tables (its manifest's `tables`; migrations/ beside this file). Other domains read them through this file.

// Mirrors migrations/0410_block_trades.sql.

export const blockProducts = pgTable(
  'block_products',
  {
    id: serial('id').primaryKey(),
    stockId: integer('stock_id')
      .notNull()
      .references(() => stocks.id),
    ...stockNamed(),
    priceMode: text('price_mode').notNull(),
    discount: numeric('discount', { precision: 6, scale: 4 }),
    fixedPrice: price('fixed_price'),
    minShares: integer('min_shares').notNull(),
    maxShares: integer('max_shares').notNull(),
    totalShares: integer('total_shares').notNull(),
    leftShares: integer('left_shares').notNull(),
    /** Shares of pending requests: what can still be asked for is left − reserved (migration 0437). */
    reservedShares: integer('reserved_shares').notNull().default(0),
    keyHash: text('key_hash').notNull(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    shown: boolean('shown').notNull().default(true),
    locked: boolean('locked').notNull().default(false),
    lockReason: text('lock_reason'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('block_products_window_idx').on(t.endsAt.desc())],
);

export const blockRequests = pgTable(
  'block_requests',
  {
    id: serial('id').primaryKey(),
    requestNo: text('request_no').notNull().unique(),
    productId: integer('product_id')
      .notNull()
      .references(() => blockProducts.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    ...stockNamed(),
    shares: integer('shares').notNull(),
    price: price('price').notNull(),
    amount: money('amount').notNull(),
    fee: money('fee').notNull().default('0'),
    hold: money('hold').notNull(),
    status: text('status').notNull().default('pending'),
    approvedShares: integer('approved_shares'),
    fillPrice: price('fill_price'),
    positionId: integer('position_id').references(() => positions.id),
    reason: text('reason'),
    reviewedBy: integer('reviewed_by').references(() => admins.id, { onDelete: 'set null' }),
    reviewedAt: ts('reviewed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('block_requests_pending_idx')
      .on(t.createdAt)
      .where(sql`status = 'pending'`),
    index('block_requests_product_idx').on(t.productId, t.status),
    index('block_requests_user_idx').on(t.userId, t.createdAt.desc()),
    index('block_requests_created_idx').on(t.createdAt.desc()),
  ],
);

export const blockKeyFailures = pgTable(
  'block_key_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    productId: integer('product_id')
      .notNull()
      .references(() => blockProducts.id, { onDelete: 'cascade' }),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('block_key_failures_user_idx').on(t.userId, t.at)],
);
