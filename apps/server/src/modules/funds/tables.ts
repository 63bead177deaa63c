import { bigserial, integer, jsonb, numeric, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { money, ts } from '../../db/columns.js';

// The funds domain's tables (its manifest's `tables`; migrations/ beside this file). Other domains read them through this file.

export const paySettings = pgTable('pay_settings', {
  id: integer('id').primaryKey().default(1),
  minRecharge: money('min_recharge').notNull(),
  minWithdraw: money('min_withdraw').notNull(),
  withdrawFeePercent: numeric('withdraw_fee_percent', { precision: 10, scale: 6 }).notNull(),
  withdrawFeeFixed: money('withdraw_fee_fixed').notNull(),
  withdrawStart: text('withdraw_start').notNull(),
  withdrawEnd: text('withdraw_end').notNull(),
  maxOpenRechargePerHour: integer('max_open_recharge_per_hour').notNull(),
  updatedBy: integer('updated_by'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

// Mirrors migrations/0401_funds_orders.sql (deposit orders, withdrawal requests).
export const rechargeOrders = pgTable('recharge_orders', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderNo: text('order_no').notNull(),
  userId: integer('user_id').notNull(),
  amount: money('amount').notNull(),
  channelId: integer('channel_id'),
  channelSnapshot: jsonb('channel_snapshot').notNull().default({}),
  status: smallint('status').notNull().default(0),
  source: text('source').notNull().default('user'),
  payerName: text('payer_name').notNull().default(''),
  receiptImage: text('receipt_image'),
  userNote: text('user_note').notNull().default(''),
  adminNote: text('admin_note').notNull().default(''),
  rejectReason: text('reject_reason'),
  createdByAdmin: integer('created_by_admin'),
  reviewedBy: integer('reviewed_by'),
  reviewedAt: ts('reviewed_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const withdrawals = pgTable('withdrawals', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderNo: text('order_no').notNull(),
  userId: integer('user_id').notNull(),
  amount: money('amount').notNull(),
  fee: money('fee').notNull().default('0'),
  status: smallint('status').notNull().default(0),
  bankName: text('bank_name').notNull(),
  bankBranch: text('bank_branch').notNull().default(''),
  holderName: text('holder_name').notNull(),
  cardNoSealed: text('card_no_sealed').notNull(),
  cardLast4: text('card_last4').notNull(),
  userNote: text('user_note').notNull().default(''),
  adminNote: text('admin_note').notNull().default(''),
  rejectReason: text('reject_reason'),
  payoutChannelId: integer('payout_channel_id'),
  reviewedBy: integer('reviewed_by'),
  reviewedAt: ts('reviewed_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
