import pg from 'pg';
import { metrics } from '../lib/metrics.js';
import { causes, isConnectionError } from './outage.js';
import { dropHeld, holdBegin } from './begin.js';

/** The release of the current checkout of a client, made safe to call twice (set at its first checkout on). */
const releases = new WeakMap<pg.PoolClient, (err?: Error | boolean) => void>();

/**
 * The pool drizzle is given. drizzle-orm 0.45's node-postgres `transaction()` sends BEGIN before the
 * try/finally that releases its client, and releases without the error (drizzle-team/drizzle-orm#6241,
 * #6114, open): a BEGIN on a connection that died a moment before leaves the client checked out for
 * good — a few outages and every request waits on an empty pool, and `pool.end()` never returns (a
 * test's close timed out in CI) — and a client whose statement timed out on our side goes back to the
 * pool with the statement still running on it. Here a checked-out client whose statement fails for a
 * connection reason or a time-out is given back at once as broken (the pool ends it and opens another
 * when asked); the release its user makes afterwards does nothing.
 */
export class Pool extends pg.Pool {
  /** With several hosts (db/hosts.ts): told of a connection that could not be opened, so that it asks which one is the primary. */
  onConnectFailed?: () => void;

  constructor(config?: pg.PoolConfig) {
    super(config);
    this.on('connect', instrument);
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  override connect(callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void) {
    // pool.query checks out with a callback and releases with the error itself
    if (callback)
      return super.connect((err, client, done) => {
        if (err) this.onConnectFailed?.();
        callback(err, client, done);
      });
    return super.connect().then(guard, (err: unknown) => {
      this.onConnectFailed?.();
      throw err;
    });
  }
}

/** The SQLSTATE class of a failed statement (two characters: 23 integrity, 40 rollback, 57 operator…), or "connection". */
function sqlStateClass(e: unknown): string {
  for (const { code } of causes(e)) if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code.slice(0, 2);
  return 'connection';
}

/**
 * Every statement of a new connection is counted (the round trips an action costs, bench/soak/ramp.mjs): statements and
 * round trips, which differ on a pipelined connection where a transaction's BEGIN rides with its first statement
 * (db/begin.ts). A failure is counted by SQLSTATE class (lib/metrics.ts), and one that failed for a connection reason
 * or a time-out gives the current checkout back as broken. The release is looked up, not captured: it is the current
 * checkout's.
 */
function instrument(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const send = (...args: unknown[]) => {
    metrics.dbStatements.inc();
    const result = query(...args);
    if (result instanceof Promise) {
      result.then(undefined, (e: unknown) => {
        metrics.dbQueryErrors.inc({ class: sqlStateClass(e) });
        if (isConnectionError(e)) releases.get(client as pg.PoolClient)?.(e as Error);
      });
    }
    return result;
  };
  const trip = () => metrics.dbRoundTrips.inc();
  const pipelined = (client as unknown as { pipeline?: boolean }).pipeline === true;
  client.query = (
    pipelined
      ? holdBegin(client, send, trip)
      : (...args: unknown[]) => {
          trip();
          return send(...args);
        }
  ) as typeof client.query;
}

function guard(client: pg.PoolClient): pg.PoolClient {
  const release = client.release.bind(client);
  let released = false;
  const once = (err?: Error | boolean) => {
    if (released) return;
    released = true;
    dropHeld(client);
    release(err);
  };
  releases.set(client, once);
  client.release = once;
  return client;
}
