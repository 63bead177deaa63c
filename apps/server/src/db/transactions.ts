import { AsyncLocalStorage } from 'node:async_hooks';
import { metrics } from '../lib/metrics.js';
import { causes } from './outage.js';
import type { Db } from './client.js';

/**
 * The policy every top-level transaction follows (docs/architecture.md "Concurrency"), installed once on the
 * database handle so that no service can forget it:
 *
 * - **Retried on a conflict.** PostgreSQL aborts one transaction of a deadlock (40P01) or a serialization
 *   failure (40001); the whole transaction is run again, a bounded number of times, after a short random pause.
 *   The lock order keeps these rare; the retry keeps the rare one from reaching the caller as a 500. A
 *   transaction's function must therefore do nothing outside the database that cannot be done twice (raise
 *   live notices after it returns, as every service does).
 * - **Commit hooks.** Code that runs a request may ask, through `withCommitHooks`, for a statement to be
 *   written inside every transaction that request commits (the operation-log row: who did it commits with
 *   what was done) and to be told when one did commit.
 */
export const RETRY_ATTEMPTS = 4;
const RETRYABLE = new Set(['40P01', '40001']);

/** True for a deadlock or serialization failure (also when wrapped, as drizzle's query errors are). */
export function isConflict(e: unknown): boolean {
  for (const { code } of causes(e)) if (typeof code === 'string' && RETRYABLE.has(code)) return true;
  return false;
}

export interface CommitHooks {
  /**
   * Runs as the transaction's last statement(s), inside it; what it returns is told whether that
   * transaction then committed or not (a conflict retried, a failed commit).
   */
  beforeCommit(tx: Db): Promise<CommitOutcome | undefined>;
}
export interface CommitOutcome {
  committed(): void;
  rolledBack(): void;
}

const hooks = new AsyncLocalStorage<CommitHooks>();
/** The work to do once the top-level transaction running here has committed (`afterCommit`). */
const committing = new AsyncLocalStorage<(() => void)[]>();

/**
 * Runs `fn` once the transaction this code runs in has committed — not when it rolls back or is tried again —
 * or at once outside a transaction. For figures about committed work (lib/metrics.ts), not for anything a
 * caller must wait for.
 */
export function afterCommit(fn: () => void): void {
  const list = committing.getStore();
  if (list) list.push(fn);
  else fn();
}

/** Runs `fn` so that every transaction it commits runs the hooks. */
export function withCommitHooks<T>(h: CommitHooks, fn: () => Promise<T>): Promise<T> {
  return hooks.run(h, fn);
}

/** Counted for the tests (and as `db_transaction_retries_total`): transactions tried again after a conflict. */
export const conflictStats = { retried: 0, exhausted: 0 };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Replaces `db.transaction` with the policy above (nested transactions, savepoints on `tx`, are untouched). */
export function installTransactionPolicy(db: Db, attempts = RETRY_ATTEMPTS): void {
  const begin = db.transaction.bind(db) as Db['transaction'];
  const transaction: Db['transaction'] = async (fn, config) => {
    for (let attempt = 1; ; attempt++) {
      const h = hooks.getStore();
      let outcome: CommitOutcome | undefined;
      const onCommit: (() => void)[] = [];
      try {
        const result = await begin(
          (tx) =>
            committing.run(onCommit, async () => {
              const r = await fn(tx);
              if (h) outcome = await h.beforeCommit(tx as unknown as Db);
              return r;
            }),
          config,
        );
        outcome?.committed();
        for (const f of onCommit) f();
        return result;
      } catch (err) {
        outcome?.rolledBack();
        if (!isConflict(err)) throw err;
        if (attempt >= attempts) {
          conflictStats.exhausted++;
          metrics.dbRetries.inc({ outcome: 'exhausted' });
          throw err;
        }
        conflictStats.retried++;
        metrics.dbRetries.inc({ outcome: 'retried' });
        // the other transaction of the deadlock needs a moment to finish; random so two retries do not meet again
        await sleep(5 + Math.random() * 20 * attempt);
      }
    }
  };
  (db as { transaction: Db['transaction'] }).transaction = transaction;
}
