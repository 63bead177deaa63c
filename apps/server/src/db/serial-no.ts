import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client.js';
import { rows } from './rows.js';

/** The sequences that number documents (migrations 0402 and 0408). */
export type NumberSequence = 'order_no_seq' | 'trade_no_seq';

/**
 * `R20250301093012000042`: prefix, Asia/Shanghai wall-clock time to the second, then the last 6 digits
 * of a database sequence (unique across instances; it would need a million numbers in one second to repeat).
 * As an SQL expression, for a statement that numbers the row it writes.
 */
export function serialNoSql(prefix: string, sequence: NumberSequence, now = new Date()): SQL<string> {
  const local = new Date(now.getTime() + 8 * 3600_000).toISOString(); // UTC+8, no DST
  const stamp = local.slice(0, 19).replace(/[-T:]/g, '');
  return sql<string>`(${prefix + stamp} || lpad((nextval(${sequence}::regclass) % 1000000)::text, 6, '0'))`;
}

/** A new number (serialNoSql) on its own. */
export async function serialNo(db: Db, prefix: string, sequence: NumberSequence, now = new Date()): Promise<string> {
  const [r] = rows<{ n: string }>(await db.execute(sql`SELECT ${serialNoSql(prefix, sequence, now)} AS n`));
  return r!.n;
}
