import {
  bigint,
  bigserial,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { money, price, stockNamed, ts } from '../../db/columns.js';
import { users, admins } from '../_kit/parties.js';
import { stocks } from '../products/tables.js';

// The trading domain's tables (its manifest's `tables`; migrations/ beside this file). Other domains read them through this file.

// Mirrors migrations/0408_trading.sql.

export const positions = pgTable(
  'positions',
  {
    id: serial('id').primaryKey(),
    positionNo: text('position_no').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The user's agent, kept by triggers (0425): agent staff's lists reach their subtree through an index. */
    agentId: integer('agent_id'),
    stockId: integer('stock_id').references(() => stocks.id, { onDelete: 'set null' }),
    ...stockNamed(),
    direction: text('direction').notNull(),
    shares: integer('shares').notNull(),
    leverage: integer('leverage').notNull(),
    buyPrice: price('buy_price').notNull(),
    buyAmount: money('buy_amount').notNull(),
    margin: money('margin').notNull(),
    buyFee: money('buy_fee').notNull().default('0'),
    spread: money('spread').notNull().default('0'),
    deferralFee: money('deferral_fee').notNull().default('0'),
    deferralDays: integer('deferral_days').notNull().default(0),
    deferralThrough: date('deferral_through', { mode: 'string' }),
    takeProfit: price('take_profit'),
    stopLoss: price('stop_loss'),
    locked: boolean('locked').notNull().default(false),
    lockReason: text('lock_reason'),
    status: text('status').notNull().default('open'),
    sellPrice: price('sell_price'),
    sellFee: money('sell_fee'),
    stampDuty: money('stamp_duty'),
    pnl: money('pnl'),
    netPnl: money('net_pnl'),
    closeKind: text('close_kind'),
    closeReason: text('close_reason'),
    closedBy: integer('closed_by').references(() => admins.id, { onDelete: 'set null' }),
    source: text('source').notNull().default('buy'),
    createdBy: integer('created_by').references(() => admins.id, { onDelete: 'set null' }),
    note: text('note'),
    openedAt: ts('opened_at').notNull().defaultNow(),
    closedAt: ts('closed_at'),
  },
  (t) => [
    index('positions_user_idx').on(t.userId, t.status),
    index('positions_open_gid_idx')
      .on(t.gid)
      .where(sql`status = 'open'`),
    index('positions_opened_idx').on(t.openedAt.desc()),
    index('positions_closed_at_idx')
      .on(t.closedAt)
      .where(sql`status = 'closed'`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    orderNo: text('order_no').notNull().unique(),
    kind: text('kind').notNull(),
    status: text('status').notNull().default('pending'),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    stockId: integer('stock_id').references(() => stocks.id, { onDelete: 'set null' }),
    ...stockNamed(),
    direction: text('direction').notNull(),
    shares: integer('shares').notNull(),
    leverage: integer('leverage').notNull(),
    price: price('price').notNull(),
    amount: money('amount').notNull(),
    margin: money('margin').notNull().default('0'),
    fee: money('fee').notNull().default('0'),
    spread: money('spread').notNull().default('0'),
    hold: money('hold').notNull().default('0'),
    takeProfit: price('take_profit'),
    stopLoss: price('stop_loss'),
    positionId: integer('position_id').references(() => positions.id),
    fillPrice: price('fill_price'),
    reason: text('reason'),
    reviewedBy: integer('reviewed_by').references(() => admins.id, { onDelete: 'set null' }),
    reviewedAt: ts('reviewed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('orders_pending_idx')
      .on(t.kind, t.createdAt)
      .where(sql`status = 'pending'`),
    index('orders_user_idx').on(t.userId, t.createdAt.desc()),
    index('orders_buy_window_idx')
      .on(t.userId, t.gid, t.createdAt)
      .where(sql`kind = 'buy'`),
    index('orders_created_idx').on(t.createdAt.desc()),
    index('orders_kind_status_created_idx').on(t.kind, t.status, t.createdAt.desc()),
    uniqueIndex('orders_one_pending_sell')
      .on(t.positionId)
      .where(sql`kind = 'sell' AND status = 'pending'`),
  ],
);

export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    status: text('status').notNull(),
    adminId: integer('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    note: text('note'),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
);

export const tradingDebts = pgTable(
  'trading_debts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    positionId: integer('position_id')
      .notNull()
      .references(() => positions.id),
    kind: text('kind').notNull().default('loss'),
    day: date('day', { mode: 'string' }),
    amount: money('amount').notNull(),
    settled: boolean('settled').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('trading_debts_user_idx').on(t.userId)],
);

export const positionSnapshots = pgTable(
  'position_snapshots',
  {
    day: date('day', { mode: 'string' }).notNull(),
    positionId: integer('position_id')
      .notNull()
      .references(() => positions.id),
    userId: integer('user_id').notNull(),
    last: price('last'),
    pnl: money('pnl'),
    margin: money('margin').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.positionId] })],
);

/**
 * The volume of the positions opened per Asia/Shanghai day, agent (0 = none) and account type (migration 0451; kept
 * by triggers): the analysis page's trading volume. One of up to eight rows of a key, written by different
 * transactions: readers sum.
 */
export const positionStats = pgTable(
  'position_stats',
  {
    day: date('day', { mode: 'string' }).notNull(),
    agentId: integer('agent_id').notNull(),
    accountType: smallint('account_type').notNull(),
    stripe: smallint('stripe')
      .notNull()
      .default(sql`(txid_current() % 8)`),
    n: bigint('n', { mode: 'number' }).notNull(),
    amount: numeric('amount', { precision: 24, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.agentId, t.accountType, t.stripe] })],
);
