import { boolean, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { money, ts } from '../../db/columns.js';

// The channels domain's tables (its manifest's `tables`; migrations/ beside this file). Other domains read them through this file.

// Mirrors migrations/0400_funds.sql (channels, layering tiers, pay settings).

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
  minAmount: money('min_amount'),
  maxAmount: money('max_amount'),
  dailyCap: money('daily_cap'),
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
  payMoney: money('pay_money'),
  withdrawalMoney: money('withdrawal_money'),
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
