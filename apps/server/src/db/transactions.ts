import { sql } from 'drizzle-orm';
import { metrics } from '../lib/metrics.js';
import { causes, isConnectionError } from './outage.js';
import { transactionIds, type TransactionIdAsk } from './begin.js';
import type { Db } from './client.js';
import { scopedValue } from './scope.js';

/**
 * The policy every top-level transaction follows (docs/architecture.md "Concurrency"), installed once on the
 * database handle so that no service can forget it:
 *
 * - **Retried on a conflict.** PostgreSQL aborts one transaction of a deadlock (40P01) or a serialization
 *   failure (40001); the whole transaction is run again, a bounded number of times, after a short random pause.
 *   The lock order keeps these rare; the retry keeps the rare one from reaching the caller as a 500. A
 *   transaction's function must therefore do nothing outside the database that cannot be done twice (raise
 *   live notices after it returns, as every service does).
 * - **The truth about a lost COMMIT** (PostgreSQL only). The connection can break after PostgreSQL committed and
 *   before its acknowledgement arrived: the caller would be told "failed" about a change that is there. Each
 *   transaction reads its transaction id just before COMMIT (`pg_current_xact_id_if_assigned()`, null when it wrote
 *   nothing); when COMMIT then fails on the connection, the policy asks PostgreSQL on another connection what became
 *   of that id (`pg_xact_status`) and answers the truth: committed → the transaction's result, as if nothing broke;
 *   aborted → the error; unknown for `IN_DOUBT_WAIT_MS` (long enough for PostgreSQL to restart) → `OutcomeUnknownError` (HTTP 503 "outcome unknown: check
 *   before retrying"; the Idempotency-Key makes the retry safe). The embedded database runs in this process: its
 *   COMMIT cannot lose an acknowledgement on a wire, so it reads no id.
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
  /** Its outcome carries the transaction's id (`CommitOutcome.xid`): the id is not asked of BEGIN too. */
  readonly returnsXid?: boolean;
}
export interface CommitOutcome {
  committed(): void;
  rolledBack(): void;
  /**
   * The transaction's id, when the hook's statement read it (`pg_current_xact_id_if_assigned()` in its RETURNING,
   * after a write of its own: the id is assigned then and stays): the commit-time read is then not sent.
   */
  xid?: string | null;
}

const hooks = scopedValue<readonly CommitHooks[]>('commit hooks');
/** The work to do once the top-level transaction running here has committed (`afterCommit`). */
const committing = scopedValue<(() => void)[]>('after commit');

/**
 * Runs `fn` once the transaction this code runs in has committed — not when it rolls back or is tried again —
 * or at once outside a transaction. For figures about committed work (lib/metrics.ts), not for anything a
 * caller must wait for.
 */
export function afterCommit(fn: () => void): void {
  const list = committing.get();
  if (list) list.push(fn);
  else fn();
}

/**
 * Runs `fn` so that every transaction it commits runs the hooks, in order (absent ones left out), after those of an
 * enclosing `withCommitHooks` (a held request run on approval joins the deciding call's log row).
 */
export function withCommitHooks<T>(list: readonly (CommitHooks | undefined)[], fn: () => Promise<T>): Promise<T> {
  return hooks.run([...(hooks.get() ?? []), ...list.filter((h): h is CommitHooks => h !== undefined)], fn);
}

/** Runs `fn` with no commit hooks: work of its own that a request runs (sealing its log row), not the request's change. */
export function withoutCommitHooks<T>(fn: () => Promise<T>): Promise<T> {
  return hooks.run([], fn);
}

/** Counted for the tests (and as `db_transaction_retries_total`): transactions tried again after a conflict. */
export const conflictStats = { retried: 0, exhausted: 0 };
/** Counted for the tests: COMMITs whose acknowledgement was lost, by what PostgreSQL then said of them. */
export const inDoubtStats = { committed: 0, aborted: 0, unknown: 0 };

/** How long a lost COMMIT's outcome is asked for before the caller is told it is unknown. */
export const IN_DOUBT_WAIT_MS = 10_000;

/** A COMMIT was sent, its acknowledgement lost, and PostgreSQL could not say in time whether it committed. */
export class OutcomeUnknownError extends Error {
  constructor(cause: unknown) {
    super('the outcome of a COMMIT whose acknowledgement was lost is unknown', { cause });
    this.name = 'OutcomeUnknownError';
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What became of transaction `xid`, asked on a fresh connection of the pool until it answers or the time is up. */
export async function outcomeOf(db: Db, xid: string, waitMs = IN_DOUBT_WAIT_MS): Promise<'committed' | 'aborted' | 'unknown'> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      // bounded by what is left of the wait: a connection that hangs must not hold the caller past it
      const asked = db.execute(sql`SELECT pg_xact_status(${xid}::xid8) AS s`) as unknown as Promise<{ rows: { s: string | null }[] }>;
      asked.catch(() => undefined);
      const r = await Promise.race([asked, sleep(Math.max(0, deadline - Date.now())).then(() => null)]);
      if (r === null) return 'unknown';
      const s = r.rows[0]?.s;
      if (s === 'committed' || s === 'aborted') return s;
      // 'in progress': the backend has not finished the COMMIT it read (or noticed that its client left) yet
      if (s == null) return 'unknown'; // too old to be known (wraparound): never for a COMMIT of a moment ago
    } catch (err) {
      if (!isConnectionError(err)) throw err;
    }
    if (Date.now() + 100 > deadline) return 'unknown';
    await sleep(100);
  }
}

/**
 * Replaces `db.transaction` with the policy above (nested transactions, savepoints on `tx`, are untouched).
 * `readsXid`: PostgreSQL over a wire, where a COMMIT's acknowledgement can be lost.
 */
export function installTransactionPolicy(db: Db, opts: { attempts?: number; readsXid?: boolean } = {}): void {
  const attempts = opts.attempts ?? RETRY_ATTEMPTS;
  const begin = db.transaction.bind(db) as Db['transaction'];
  const transaction: Db['transaction'] = async (fn, config) => {
    for (let attempt = 1; ; attempt++) {
      const hs = hooks.get() ?? [];
      const outcomes: CommitOutcome[] = [];
      const onCommit: (() => void)[] = [];
      // set once the transaction's work is done and its COMMIT is next: a connection failure after it is in doubt
      let xid: string | null = null;
      let value: unknown;
      // the id read with BEGIN on a pipelined connection (db/begin.ts); read before COMMIT where it was not
      const ask: TransactionIdAsk = {};
      // a read-only transaction has nothing a lost COMMIT could lose
      const readsXid = opts.readsXid && config?.accessMode !== 'read only';
      const done = () => {
        for (const o of outcomes) o.committed();
        for (const f of onCommit) f();
      };
      try {
        const run = () =>
          begin(
            (tx) =>
              // the ask is BEGIN's alone: a transaction of its own started from here asks for its own id
              transactionIds.exit(() =>
                committing.run(onCommit, async () => {
                  const r = await fn(tx);
                  for (const h of hs) {
                    const o = await h.beforeCommit(tx as unknown as Db);
                    if (o) outcomes.push(o);
                  }
                  if (readsXid) xid = outcomes.find((o) => o.xid != null)?.xid ?? ask.xid ?? null;
                  // a BEGIN still held: nothing was written, and COMMIT will not be either
                  if (readsXid && xid === null && ask.begin !== 'held') {
                    const x = (await tx.execute(sql`SELECT pg_current_xact_id_if_assigned()::text AS x`)) as unknown as {
                      rows: { x: string | null }[];
                    };
                    xid = x.rows[0]?.x ?? null;
                  }
                  value = r;
                  return r;
                }),
              ),
            config,
          );
        // the operation log's row returns the id (CommitOutcome.xid): then it is not asked of BEGIN too
        const asks = readsXid && !hs.some((h) => h.returnsXid);
        const result = await (asks ? transactionIds.run(ask, run) : run());
        done();
        return result;
      } catch (err) {
        const fate = xid !== null && isConnectionError(err) ? await outcomeOf(db, xid) : null;
        if (fate) inDoubtStats[fate]++;
        if (fate === 'committed') {
          done();
          return value as Awaited<ReturnType<typeof fn>>;
        }
        for (const o of outcomes) o.rolledBack();
        if (fate === 'unknown') throw new OutcomeUnknownError(err);
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
