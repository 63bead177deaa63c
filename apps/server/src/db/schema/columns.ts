import { numeric, timestamp } from 'drizzle-orm/pg-core';

/** The column types every table file uses, spelled once: instants, money (2 places), prices (4 places). */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const money = (name: string) => numeric(name, { precision: 20, scale: 2 });
export const price = (name: string) => numeric(name, { precision: 20, scale: 4 });
