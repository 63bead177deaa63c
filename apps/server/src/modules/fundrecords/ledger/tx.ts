import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import { afterCommit } from '../../../db/transactions.js';
import { metrics } from '../../../lib/metrics.js';

/** Runs `fn` in the caller's transaction, or opens one when `db` is not a transaction. */
export async function inTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  if (db instanceof PgTransaction) return fn(db as unknown as Db);
  return db.transaction((tx) => fn(tx as unknown as Db));
}

/** Counts fund records written here once their transaction has committed (`ledger_postings_total`). */
export function countPostings(owner: 'user' | 'agent', n: number): void {
  if (n > 0) afterCommit(() => metrics.ledgerPostings.inc({ owner }, n));
}
