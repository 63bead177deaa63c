import { sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { rows } from './migrate.js';

/** The sequences that number documents (migrations 0402 and 0408). */
export type NumberSequence = 'order_no_seq' | 'trade_no_seq';

/**
 * `R20250301093012000042`: prefix, Asia/Shanghai wall-clock time to the second, then the last 6 digits
 * of a database sequence (unique across instances; it would need a million numbers in one second to repeat).
 */
export async function serialNo(db: Db, prefix: string, sequence: NumberSequence, now = new Date()): Promise<string> {
  const local = new Date(now.getTime() + 8 * 3600_000).toISOString(); // UTC+8, no DST
  const stamp = local.slice(0, 19).replace(/[-T:]/g, '');
  const [r] = rows<{ n: string }>(await db.execute(sql`SELECT nextval(${sequence}::regclass) AS n`));
  return `${prefix}${stamp}${String(BigInt(r!.n) % 1_000_000n).padStart(6, '0')}`;
}
