import type pg from 'pg';
import { scopedValue } from './scope.js';

/**
 * A transaction's BEGIN written with its first statement (issue 64: round trips per action).
 *
 * drizzle's node-postgres `transaction()` sends BEGIN and waits for its answer before the transaction's first
 * statement, and the transaction policy (db/transactions.ts) reads the transaction's id just before COMMIT: two round
 * trips of five in a platform user's withdrawal, each a write through the loopback and a wake-up of the backend. On a
 * pipelined connection (pg's `pipeline: true`, every statement with its own Sync, answered in order) BEGIN is held
 * here, answered at once, and written in one piece with the first statement that follows — and, when the policy asks,
 * with `pg_current_xact_id()` between them, so the id is known before the work begins and no read is left for the
 * commit. A transaction that sends nothing sends neither its BEGIN nor its COMMIT.
 *
 * A BEGIN cannot fail on a sound connection (drizzle writes its text from a typed config); on a broken one the first
 * statement fails too and the caller sees BEGIN's error.
 */

/** What the transaction policy asks of its BEGIN: set to the transaction's id once it is read. */
export interface TransactionIdAsk {
  xid?: string | null;
  /** 'held': BEGIN is held and nothing was written (nor will be, if COMMIT comes next); 'sent': written. */
  begin?: 'held' | 'sent';
}
/** Set by the policy around a top-level transaction when it wants the id read with BEGIN (PostgreSQL over a wire). */
export const transactionIds = scopedValue<TransactionIdAsk>('transaction id ask');

type Query = (...args: unknown[]) => unknown;
interface Held {
  text: string;
  ask?: TransactionIdAsk;
}

const held = new WeakMap<pg.ClientBase, Held>();
// BEGIN alone, with drizzle's modes (isolation level, access mode, deferrable): never a script that starts with it
const BEGIN = /^\s*(begin|start\s+transaction)(\s+[a-z ]*)?;?\s*$/i;
const END = /^\s*(commit|rollback|end|abort)\s*;?\s*$/i;
const XID = 'SELECT pg_current_xact_id()::text AS x';

/** The text of a call to `client.query` without parameters (a string or `{ text }`, values absent or empty), else undefined. */
function plainText(args: unknown[]): string | undefined {
  const [config, values] = args;
  const none = (v: unknown) => v === undefined || typeof v === 'function' || (Array.isArray(v) && v.length === 0);
  if (typeof config === 'string') return none(values) ? config : undefined;
  if (config && typeof config === 'object' && 'text' in config && typeof config.text === 'string')
    return none((config as { values?: unknown }).values) && none(values) ? config.text : undefined;
  return undefined;
}

const answered = (command: string): pg.QueryResult => ({ command, rowCount: null, oid: 0, rows: [], fields: [] });

/**
 * Wraps `send` (the client's own query, counted) for a pipelined client. `trip` counts one round trip: each write
 * that waits for answers.
 */
export function holdBegin(client: pg.ClientBase, send: Query, trip: () => void): Query {
  return (...args: unknown[]) => {
    const text = plainText(args);
    const h = held.get(client);
    if (!h) {
      if (text !== undefined && BEGIN.test(text) && typeof args[1] !== 'function' && typeof args[2] !== 'function') {
        // the policy asks only for a transaction that can write (db/transactions.ts): read only asks nothing
        const ask = transactionIds.get();
        if (ask) ask.begin = 'held';
        held.set(client, { text, ask });
        return Promise.resolve(answered('BEGIN'));
      }
      trip();
      return send(...args);
    }
    held.delete(client);
    // nothing was sent since BEGIN: there is nothing to end
    if (text !== undefined && END.test(text)) return Promise.resolve(answered(text.trim().split(/\s/)[0]!.toUpperCase()));
    const stream = (client as unknown as { connection: { stream: NodeJS.WritableStream & { cork(): void; uncork(): void } } }).connection
      .stream;
    stream.cork();
    let begun: Promise<unknown>;
    let result: unknown;
    try {
      begun = send(h.text) as Promise<unknown>;
      if (h.ask) {
        const ask = h.ask;
        ask.begin = 'sent';
        (send(XID) as Promise<pg.QueryResult<{ x: string | null }>>).then(
          (r) => (ask.xid = r.rows[0]?.x ?? null),
          () => undefined, // the statement behind it fails too, in the aborted transaction
        );
      }
      result = send(...args);
    } finally {
      stream.uncork();
    }
    trip();
    // a callback's caller (pool.query) is not given a transaction's client: only promises are joined
    if (result instanceof Promise) return Promise.all([begun, result]).then(([, r]) => r);
    begun.catch(() => undefined);
    return result;
  };
}

/** The client goes back to the pool: a BEGIN still held (no statement followed, no COMMIT) is dropped with it. */
export function dropHeld(client: pg.ClientBase): void {
  held.delete(client);
}
