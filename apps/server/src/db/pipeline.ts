import pg from 'pg';
import { metrics } from '../lib/metrics.js';

/**
 * Pipelined connections for the hot list statements (db/named.ts: executeList): read-only, one
 * statement each, no session state. On a pool connection PostgreSQL's backend sleeps between a result
 * and the next statement, and each statement's write wakes it again; under load that waking write was a
 * quarter of the server process's time, and the backend idled while the process was busy with other
 * requests (bench/user-list: CPU profiles and alternating runs). Statements given to a pipelined
 * connection are written at once, each with its own Sync (its own implicit transaction, as on a pool
 * connection; an error ends only that statement), so a busy backend finds the next one waiting.
 *
 * A statement waits in the connection behind those written before it, so a connection takes one only
 * while it holds fewer than `depth` and the one it is running began less than `youngMs` ago: a slow
 * statement does not hold up the quick ones behind it for long. (Not the age of the oldest it holds:
 * under load that is the time statements wait their turn, and sending those to the pool instead put
 * them in a second queue that the pipelined one overtook — bench/user-list's p99 rose from 25 to 80
 * ms.) When no connection can take it, `take()` says so and the caller uses its pool instead. A connection that fails is opened again for
 * the next statement; the statements it held fail with its error, as on a pool connection.
 */
export interface PipelineOptions {
  /** Connections. */
  size: number;
  /** Statements outstanding on one connection at most. */
  depth: number;
  /** A connection whose running statement began longer ago than this takes no more. */
  youngMs: number;
}

interface Connection {
  client: pg.Client;
  ready: Promise<unknown>;
  connected: boolean;
  /** Statements given to it and not yet answered. */
  outstanding: number;
  /** When the first of them began running (as this process sees it: when the one before was answered). */
  headSince: number;
}

export class ListPipeline {
  private readonly connections: (Connection | undefined)[];
  private closed = false;

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly opts: PipelineOptions,
    /** The client class (db/hosts.ts: one that opens on the host taking writes now). */
    private readonly Client: typeof pg.Client = pg.Client,
  ) {
    this.connections = new Array<Connection | undefined>(opts.size).fill(undefined);
  }

  /**
   * Runs `q` on the connection with the fewest outstanding statements that can take it (opened when
   * its place is empty); undefined, without running it, when none can.
   */
  take(q: pg.QueryConfig): Promise<pg.QueryResult> | undefined {
    if (this.closed) return undefined;
    const now = performance.now();
    let best: Connection | undefined;
    for (let i = 0; i < this.connections.length; i++) {
      const c = (this.connections[i] ??= this.open(i));
      const n = c.outstanding;
      if (n >= this.opts.depth || (n > 0 && now - c.headSince > this.opts.youngMs)) continue;
      if (!best || n < best.outstanding) best = c;
    }
    if (!best) return undefined;
    if (best.outstanding++ === 0) best.headSince = now;
    return this.run(best, q);
  }

  /** Statements outstanding on each connection (tests). */
  outstanding(): number[] {
    return this.connections.map((c) => c?.outstanding ?? 0);
  }

  async close(): Promise<void> {
    this.closed = true;
    const open = [...this.connections];
    this.connections.fill(undefined);
    await Promise.all(open.map((c) => c?.client.end().catch(() => undefined)));
  }

  private async run(c: Connection, q: pg.QueryConfig): Promise<pg.QueryResult> {
    try {
      // once connected, written now rather than after a turn of the event loop
      if (!c.connected) await c.ready;
      metrics.dbStatements.inc();
      return await c.client.query(q);
    } finally {
      // answered in the order written: the next one is running now
      c.outstanding--;
      c.headSince = performance.now();
    }
  }

  private open(i: number): Connection {
    const client = new this.Client({ ...this.config, pipeline: true } as pg.ClientConfig);
    const c: Connection = { client, ready: client.connect(), connected: false, outstanding: 0, headSince: 0 };
    c.ready.then(
      () => (c.connected = true),
      () => undefined,
    );
    const drop = () => {
      if (this.connections[i] === c) this.connections[i] = undefined;
      client.end().catch(() => undefined);
    };
    // the next statement opens a new connection; those this one held fail with its error
    client.on('error', drop);
    client.on('end', drop);
    c.ready.catch(drop);
    return c;
  }
}
