import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';

/** Runs `fn` in the caller's transaction, or opens one when `db` is not a transaction. */
export async function inTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  if (db instanceof PgTransaction) return fn(db as unknown as Db);
  return db.transaction((tx) => fn(tx as unknown as Db));
}
