import type pg from 'pg';
import { Pool } from './pool.js';
import { gaugeSource, metrics } from '../lib/metrics.js';
import { scopedValue } from './scope.js';

/**
 * Reads on a streaming standby (DATABASE_READ_URL, issue 61): list pages, exports, reports and the analysis page run
 * their statements there, beside nothing that moves money. Only statements outside a transaction, inside a read
 * endpoint's handler (`readsOnReplica`, set by the route wrapper after sign-in), and only while
 * - the standby answers and its replay is at most `maxLagMs` behind the primary (measured every `pollMs`), and
 * - the caller wrote nothing in the last `stickyMs` (`wrote`, told to every instance through the bus): an operator's
 *   next list after a change of theirs reads the primary, so it shows the change.
 * Anything else — a standby down, lagging, a statement it refuses (a write that slipped into a read endpoint, a
 * conflict with recovery) — runs on the primary instead: never an error because of the standby.
 */
export interface ReplicaOptions {
  maxLagMs: number;
  stickyMs: number;
  pollMs: number;
}

const scope = scopedValue<{ adminId: number | null }>('standby reads');

/** Runs a read endpoint's handler with its statements allowed on the standby. */
export const readsOnReplica = <T>(adminId: number | null, fn: () => T): T => scope.run({ adminId }, fn);
/** Runs `fn` on the primary whatever the request: a read endpoint's own write (its export's log row). */
export const onPrimary = <T>(fn: () => T): T => scope.exit(fn);

/** '16/B374D848' → a comparable number. */
const lsn = (text: string | null | undefined): bigint | null => {
  if (!text) return null;
  const [hi, lo] = text.split('/');
  return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`);
};

export type ReplicaState = 'up' | 'lagging' | 'down' | 'starting';

export class ReadReplica {
  readonly pool: Pool;
  private state: ReplicaState = 'starting';
  private lag: number | null = null;
  private readonly sticky = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;
  private readonly unwatch: (() => void)[];
  /** The primary pool's own `query`, never routed here (set by routeReads). */
  onPrimary: (config: pg.QueryConfig) => Promise<pg.QueryResult> = (config) => this.primary.query(config);
  /** Statements sent to the standby and those that fell back to the primary (tests and /metrics). */
  readonly counts = { replica: 0, fallback: 0 };

  constructor(
    config: pg.PoolConfig,
    private readonly primary: pg.Pool,
    private readonly opts: ReplicaOptions,
  ) {
    this.pool = new Pool(config);
    // a standby that goes away is the normal case here: its errors only mark it down
    this.pool.on('error', () => this.markDown());
    this.pool.on('connect', (client) => client.on('error', () => this.markDown()));
    this.unwatch = [
      gaugeSource('db_replica_lag_seconds', () => (this.lag == null ? -1 : this.lag / 1000)),
      gaugeSource('db_replica_up', () => (this.state === 'up' ? 1 : 0)),
    ];
  }

  start(): void {
    const tick = () => {
      void this.measure().finally(() => {
        if (this.timer !== undefined) this.timer = setTimeout(tick, this.opts.pollMs).unref();
      });
    };
    this.timer = setTimeout(tick, 0).unref();
  }

  /** The standby's replay against the primary's WAL: 0 when it has replayed everything the primary wrote. */
  async measure(): Promise<void> {
    try {
      const [p, r] = await Promise.all([
        this.onPrimary({ text: 'SELECT pg_current_wal_lsn()::text AS lsn' }) as Promise<pg.QueryResult<{ lsn: string }>>,
        this.pool.query<{ recovering: boolean; lsn: string | null; age_ms: number | null }>(
          `SELECT pg_is_in_recovery() AS recovering, pg_last_wal_replay_lsn()::text AS lsn,
                  (extract(epoch FROM clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000)::float8 AS age_ms`,
        ),
      ]);
      const row = r.rows[0]!;
      // a read address that is itself a primary (after a promotion, say): nothing to wait for
      if (!row.recovering) this.lag = 0;
      else {
        const behind = (lsn(row.lsn) ?? 0n) < (lsn(p.rows[0]!.lsn) ?? 0n);
        this.lag = behind ? (row.age_ms ?? Number.MAX_SAFE_INTEGER) : 0;
      }
      this.state = this.lag <= this.opts.maxLagMs ? 'up' : 'lagging';
    } catch {
      this.markDown();
    }
  }

  private markDown(): void {
    this.state = 'down';
    this.lag = null;
  }

  /** What /readyz says of the standby. */
  status(): { state: ReplicaState; lagMs: number | null } {
    return { state: this.state, lagMs: this.lag == null ? null : Math.round(this.lag) };
  }

  /** The admin changed something: their reads stay on the primary for a while (every instance hears it). */
  wrote(adminId: number): void {
    this.sticky.set(adminId, Date.now() + this.opts.stickyMs);
    if (this.sticky.size > 10_000) for (const [id, until] of this.sticky) if (until < Date.now()) this.sticky.delete(id);
  }

  /** True when the current statement may run on the standby. */
  takes(): boolean {
    const s = scope.get();
    if (!s || this.state !== 'up') return false;
    if (s.adminId != null && (this.sticky.get(s.adminId) ?? 0) > Date.now()) return false;
    return true;
  }

  /** Runs a statement on the standby, or on the primary when the standby refuses it or cannot answer. */
  async query<R>(onReplica: () => Promise<R>, onPrimary: () => Promise<R>): Promise<R> {
    try {
      const r = await onReplica();
      this.counts.replica++;
      metrics.dbReplicaReads.inc({ to: 'replica' });
      return r;
    } catch (err) {
      this.counts.fallback++;
      metrics.dbReplicaReads.inc({ to: 'primary' });
      const code = (err as { code?: string }).code;
      // a refusal the standby alone makes (read-only, conflict with recovery) leaves it up; anything else marks it down
      if (code !== '25006' && code !== '40001') this.markDown();
      return onPrimary();
    }
  }

  async close(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    for (const off of this.unwatch) off();
    await this.pool.end();
  }
}

const replicas = new WeakMap<pg.Pool, ReadReplica>();
export const replicaOf = (pool: pg.Pool): ReadReplica | undefined => replicas.get(pool);

/**
 * Sends the primary pool's plain statements (those outside a transaction: drizzle's `pool.query`) to the standby when
 * it takes them. Transactions check out a primary connection (`pool.connect`) and never reach it.
 */
export function routeReads(primary: pg.Pool, replica: ReadReplica): void {
  replicas.set(primary, replica);
  const onPrimary = primary.query.bind(primary) as (...args: unknown[]) => unknown;
  replica.onPrimary = (config) => onPrimary(config) as Promise<pg.QueryResult>;
  primary.query = ((...args: unknown[]) => {
    if (typeof args[args.length - 1] === 'function' || !replica.takes()) return onPrimary(...args);
    return replica.query(
      () => replica.pool.query(...(args as [pg.QueryConfig])),
      () => onPrimary(...args) as Promise<pg.QueryResult>,
    );
  }) as typeof primary.query;
}
