import { customType, numeric, text, timestamp } from 'drizzle-orm/pg-core';

/** The column types every table file uses, spelled once: instants, money (2 places), prices (4 places). */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const money = (name: string) => numeric(name, { precision: 20, scale: 2 });
export const price = (name: string) => numeric(name, { precision: 20, scale: 4 });
/**
 * A stock as it was named when the row was written (its gid, code and short name): orders, positions, block-trade
 * products and requests, corporate actions keep them so a renamed or removed stock does not rewrite their history.
 */
export const stockNamed = () => ({
  gid: text('gid').notNull(),
  code: text('code').notNull(),
  stockName: text('stock_name').notNull(),
});
/** Rates and ratios (6 places). */
export const rate = (name: string) => numeric(name, { precision: 10, scale: 6 });
/** Binary contents (images, uploads): Buffers either driver gives back. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});
