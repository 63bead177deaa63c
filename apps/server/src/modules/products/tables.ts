import { boolean, index, integer, numeric, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { ts, price } from '../../db/columns.js';

// The products domain's tables (its manifest's `tables`; migrations/ beside this file). Other domains read them through this file.

// Mirrors migrations/0405_products.sql and 0406_quotes_book.sql.

export const stocks = pgTable(
  'stocks',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    market: text('market').notNull(),
    gid: text('gid').notNull().unique(),
    board: text('board').notNull(),
    pinyin: text('pinyin').notNull().default(''),
    st: boolean('st').notNull().default(false),
    spreadRate: numeric('spread_rate', { precision: 10, scale: 6 }).notNull().default('0'),
    shown: boolean('shown').notNull().default(true),
    locked: boolean('locked').notNull().default(false),
    lockReason: text('lock_reason'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  // text_pattern_ops: the indexes serve the prefix searches (code LIKE '600%', pinyin LIKE 'PA%')
  (t) => [
    unique().on(t.market, t.code),
    index('stocks_code_idx').on(t.code.op('text_pattern_ops')),
    index('stocks_pinyin_idx').on(t.pinyin.op('text_pattern_ops')),
  ],
);

export const indexProducts = pgTable('index_products', {
  id: serial('id').primaryKey(),
  code: text('code').notNull(),
  market: text('market').notNull(),
  gid: text('gid').notNull().unique(),
  name: text('name').notNull(),
  homeShown: boolean('home_shown').notNull().default(false),
  listShown: boolean('list_shown').notNull().default(true),
  tradable: boolean('tradable').notNull().default(false),
  marginPerLot: price('margin_per_lot').notNull().default('0'),
  feePerLot: price('fee_per_lot').notNull().default('0'),
  valuePerPoint: price('value_per_point').notNull().default('0'),
  minLots: integer('min_lots').notNull().default(1),
  maxLots: integer('max_lots').notNull().default(100),
  description: text('description').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
