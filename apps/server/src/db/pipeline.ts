import pg from 'pg';

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
 * while it holds fewer than `depth` and the oldest of them was written less than `youngMs` ago: a slow
 * statement does not hold up the quick ones behind it for long. When no connection can take it,
 * `take()` says so and the caller uses its pool instead. A connection that fails is opened again for
 * the next statement; the statements it held fail with its error, as on a pool connection.
 */
export interface PipelineOptions {
  /** Connections. */
  size: number;
  /** Statements outstanding on one connection at most. */
  depth: number;
  /** A connection whose oldest outstanding statement was written longer ago than this takes no more. */
  youngMs: number;
}

interface Connection {
  client: pg.Client;
  ready: Promise<unknown>;
  connected: boolean;
  /** When each outstanding statement was given to it, oldest first. */
  given: number[];
}

export class ListPipeline {
  private readonly connections: (Connection | undefined)[];
  private closed = false;

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly opts: PipelineOptions,
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
      const n = c.given.length;
      if (n >= this.opts.depth || (n > 0 && now - c.given[0]! > this.opts.youngMs)) continue;
      if (!best || n < best.given.length) best = c;
    }
    if (!best) return undefined;
    best.given.push(now);
    return this.run(best, now, q);
  }

  /** Statements outstanding on each connection (tests). */
  outstanding(): number[] {
    return this.connections.map((c) => c?.given.length ?? 0);
  }

  async close(): Promise<void> {
    this.closed = true;
    const open = this.connections.splice(0, this.connections.length, ...this.connections.map(() => undefined));
    await Promise.all(open.map((c) => c?.client.end().catch(() => undefined)));
  }

  private async run(c: Connection, given: number, q: pg.QueryConfig): Promise<pg.QueryResult> {
    try {
      // once connected, written now rather than after a turn of the event loop
      if (!c.connected) await c.ready;
      return await c.client.query(q);
    } finally {
      c.given.splice(c.given.indexOf(given), 1);
    }
  }

  private open(i: number): Connection {
    const client = new pg.Client({ ...this.config, pipeline: true } as pg.ClientConfig);
    const c: Connection = { client, ready: client.connect(), connected: false, given: [] };
    c.ready.then(() => (c.connected = true), () => undefined);
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
