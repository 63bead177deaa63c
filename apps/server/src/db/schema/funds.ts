import { bigserial, boolean, integer, jsonb, numeric, pgTable, serial, smallint, text, unique } from 'drizzle-orm/pg-core';
import { ts } from './columns.js';

// Mirrors migrations/0400_funds.sql (channels, layering tiers, pay settings).
const amount = (name: string) => numeric(name, { precision: 20, scale: 2 });

export const payChannels = pgTable('pay_channels', {
  id: serial('id').primaryKey(),
  type: text('type').notNull(),
  name: text('name').notNull(),
  displayName: text('display_name').notNull(),
  payeeName: text('payee_name').notNull().default(''),
  account: text('account').notNull().default(''),
  bankName: text('bank_name').notNull().default(''),
  bankBranch: text('bank_branch').notNull().default(''),
  qrImage: text('qr_image').notNull().default(''),
  minAmount: amount('min_amount'),
  maxAmount: amount('max_amount'),
  dailyCap: amount('daily_cap'),
  gatewayUrl: text('gateway_url').notNull().default(''),
  merchantCodeSealed: text('merchant_code_sealed'),
  merchantKeySealed: text('merchant_key_sealed'),
  shown: boolean('shown').notNull().default(true),
  enabled: boolean('enabled').notNull().default(true),
  withdrawable: boolean('withdrawable').notNull().default(false),
  sort: integer('sort').notNull().default(0),
  remark: text('remark').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const layeringTiers = pgTable('layering_tiers', {
  id: serial('id').primaryKey(),
  layeringName: text('layering_name').notNull(),
  payNums: integer('pay_nums'),
  payMoney: amount('pay_money'),
  withdrawalMoney: amount('withdrawal_money'),
  withdrawalNums: integer('withdrawal_nums'),
  isDefault: boolean('is_default').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** `id` is the spec's channelLayeringPidId. */
export const channelLayering = pgTable(
  'channel_layering',
  {
    id: serial('id').primaryKey(),
    layeringId: integer('layering_id').notNull(),
    channelId: integer('channel_id').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [unique().on(t.layeringId, t.channelId)],
);

export const paySettings = pgTable('pay_settings', {
  id: integer('id').primaryKey().default(1),
  minRecharge: amount('min_recharge').notNull(),
  minWithdraw: amount('min_withdraw').notNull(),
  withdrawFeePercent: numeric('withdraw_fee_percent', { precision: 10, scale: 6 }).notNull(),
  withdrawFeeFixed: amount('withdraw_fee_fixed').notNull(),
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
  amount: amount('amount').notNull(),
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
  amount: amount('amount').notNull(),
  fee: amount('fee').notNull().default('0'),
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
