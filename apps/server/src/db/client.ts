import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { ListPipeline } from './pipeline.js';
import { Pool } from './pool.js';
import { connectionLost, primaryMoved } from './outage.js';
import { ReadReplica, routeReads, type ReplicaOptions } from './replica.js';
import { HostPicker, parseHosts, pickedClient } from './hosts.js';
import { installTransactionPolicy } from './transactions.js';
import { renderWithRenderQuery } from './render.js';
import { gaugeSource } from '../lib/metrics.js';

/** No relational schema: queries name their tables, which each domain declares in its own `tables.ts`. */
export type Schema = Record<string, never>;
/** The database handle every service takes; a transaction (`tx`) has the same shape. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** A raw query on one connection, for multi-statement scripts (migrations) that the ORM cannot send. */
export type RawQuery = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs `fn` on one dedicated connection (simple protocol: several statements per call allowed). */
  withConnection<T>(fn: (query: RawQuery) => Promise<T>): Promise<T>;
  /** The read standby, when DATABASE_READ_URL names one. */
  replica?: ReadReplica;
  /** The embedded database's files as a gzipped tar, taken between statements (db/backup.ts); PGlite only. */
  dumpDataDir?(compression?: 'gzip' | 'none'): Promise<Blob>;
  close(): Promise<void>;
}

// A list statement is written behind others on a pipelined connection while the one running began less than
// youngMs ago (db/pipeline.ts); depth is well above the statements a busy process has waiting.
const LIST_PIPELINE = { depth: 64, youngMs: 50 };
/** How the pipelined connections show in pg_stat_activity. */
export const LIST_CONNECTION_NAME = 'stock-admin lists';

/** The pipelined connections of a pool's list statements (db/named.ts: executeList), when it has them. */
const pipelines = new WeakMap<pg.Pool, ListPipeline>();
export const listPipelineOf = (pool: pg.Pool): ListPipeline | undefined => pipelines.get(pool);

// node-postgres parses int8 and numeric as strings already; keep it that way so money never becomes a float.
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  schemaName?: string;
  poolSize?: number;
  /** Pipelined connections for the list statements, besides the pool (DATABASE_LIST_CONNECTIONS); 0: none. */
  listConnections?: number;
  /** DATABASE_CONNECT_TIMEOUT_MS / DATABASE_QUERY_TIMEOUT_MS: an outage answers fast instead of hanging. */
  connectTimeoutMs?: number;
  queryTimeoutMs?: number;
  /** How the connections show in pg_stat_activity (tests tell theirs apart). */
  applicationName?: string;
  /** DATABASE_READ_URL and its limits: list pages, exports and reports read there (db/replica.ts). */
  read?: { url: string } & Partial<ReplicaOptions>;
  /**
   * An embedded database's files to start from instead of an empty cluster (a tar from `dumpDataDir`): the test
   * suite's migrated database, loaded in 0.5 s where creating one and migrating it takes about 3 s.
   */
  template?: Blob;
}): Promise<Database> {
  if (opts.databaseUrl) {
    // several hosts (libpq's `h1:5432,h2:5432` and target_session_attrs=read-write): the one taking writes (db/hosts.ts)
    const hostList = parseHosts(opts.databaseUrl);
    // Options of the address itself (`?options=-c search_path=…`) would replace ours: they are merged into one.
    const url = new URL(hostList ? hostList.url : opts.databaseUrl);
    const urlOptions = url.searchParams.get('options');
    url.searchParams.delete('options');
    const options = [
      urlOptions,
      // PostgreSQL's JIT (on by default) compiles a plan whose estimated cost passes 100,000 — 100 to 400 ms of
      // compiling for the force-close sweep's or the workplace's sums, many times what it saves on statements
      // that run in tens of milliseconds. The server's statements are all of that kind.
      '-c jit=off',
      // Tests isolate each file in its own schema; search_path makes unqualified SQL land there.
      opts.schemaName ? `-c search_path=${opts.schemaName}` : null,
    ]
      .filter(Boolean)
      .join(' ');
    const config: pg.ClientConfig = {
      connectionString: url.toString(),
      connectionTimeoutMillis: opts.connectTimeoutMs ?? 3000,
      query_timeout: opts.queryTimeoutMs ?? 30_000,
      ...(opts.applicationName ? { application_name: opts.applicationName } : {}),
      options,
    };
    let picker: HostPicker | undefined;
    if (hostList) {
      picker = new HostPicker(hostList, { ...config, connectionString: undefined, ...clientFields(url) }, (h) =>
        primaryMoved(h.host, h.port),
      );
      await picker.pick();
    }
    const Client = picker ? pickedClient(picker) : undefined;
    // pipelined: a transaction's BEGIN (and its id) is written with its first statement (db/begin.ts)
    const pool = new Pool({ ...config, pipeline: true, max: opts.poolSize ?? 10, ...(Client ? { Client } : {}) } as pg.PoolConfig);
    if (picker) pool.onConnectFailed = () => picker.suspect();
    // A connection that drops (PostgreSQL restarted, a backend terminated, the network cut) emits 'error'
    // on its client, idle or checked out, and on the pool: with no listener node ends the process. The
    // statement it ran fails on its own; the pool discards the client and opens a fresh one when asked.
    pool.on('error', (err) => {
      connectionLost(err);
      picker?.suspect();
    });
    pool.on('connect', (client) =>
      client.on('error', (err) => {
        connectionLost(err);
        picker?.suspect();
      }),
    );
    const unwatch = [
      gaugeSource('db_pool_connections', () => ({ total: pool.totalCount, idle: pool.idleCount })),
      gaugeSource('db_pool_waiting', () => pool.waitingCount),
    ];
    const listConnections = opts.listConnections ?? 1;
    const pipeline =
      listConnections > 0
        ? new ListPipeline({ ...config, application_name: LIST_CONNECTION_NAME }, { size: listConnections, ...LIST_PIPELINE }, Client)
        : undefined;
    if (pipeline) pipelines.set(pool, pipeline);
    let replica: ReadReplica | undefined;
    if (opts.read) {
      // the same settings (schema, time-outs, options), another address; a few connections: reads only
      const readUrl = new URL(opts.read.url);
      readUrl.searchParams.delete('options');
      replica = new ReadReplica(
        { ...config, connectionString: readUrl.toString(), max: Math.max(2, Math.ceil((opts.poolSize ?? 10) / 2)) },
        pool,
        {
          maxLagMs: opts.read.maxLagMs ?? 1000,
          stickyMs: opts.read.stickyMs ?? 5000,
          pollMs: opts.read.pollMs ?? 500,
        },
      );
      routeReads(pool, replica);
      replica.start();
    }
    if (opts.schemaName) {
      const c = await pool.connect();
      try {
        await c.query(`CREATE SCHEMA IF NOT EXISTS "${opts.schemaName}"`);
      } finally {
        c.release();
      }
    }
    const db = drizzlePg(pool) as unknown as Db;
    renderWithRenderQuery(db);
    // over a wire a COMMIT's acknowledgement can be lost: each transaction reads its id to ask what became of it
    installTransactionPolicy(db, { readsXid: true });
    return {
      db,
      kind: 'postgres',
      replica,
      async withConnection(fn) {
        // a connection that fails is discarded at once by the pool (db/pool.ts), and with it any advisory lock it held
        const c = await pool.connect();
        try {
          return await fn(async (text) => {
            const r = (await c.query(text)) as unknown as pg.QueryResult | pg.QueryResult[];
            return { rows: (Array.isArray(r) ? r[r.length - 1]! : r).rows };
          });
        } finally {
          c.release();
        }
      },
      close: async () => {
        for (const off of unwatch) off();
        await replica?.close();
        await pipeline?.close();
        await pool.end();
      },
    };
  }
  let dir: string | undefined = opts.dataDir;
  if (dir.startsWith('memory://')) dir = undefined;
  else fs.mkdirSync(path.join(dir, 'pgdata'), { recursive: true });
  const client = new PGlite({ dataDir: dir ? path.join(dir, 'pgdata') : undefined, loadDataDir: opts.template });
  await client.waitReady;
  const db = drizzlePglite(client) as unknown as Db;
  renderWithRenderQuery(db);
  // in this process, COMMIT's answer cannot be lost on the way: no transaction is ever in doubt here
  installTransactionPolicy(db);
  return {
    db,
    kind: 'pglite',
    withConnection: (fn) =>
      fn(async (text) => {
        const r = await client.exec(text);
        return { rows: (r[r.length - 1]?.rows ?? []) as Record<string, unknown>[] };
      }),
    async dumpDataDir(compression = 'gzip') {
      // written out first, so the copy needs the least recovery; PGlite runs no statement while it copies
      await client.exec('CHECKPOINT');
      return client.dumpDataDir(compression);
    },
    close: () => client.close(),
  };
}

/** The fields of an address a probe connection needs besides its host (user, password, database). */
function clientFields(url: URL): pg.ClientConfig {
  return {
    user: decodeURIComponent(url.username) || undefined,
    password: decodeURIComponent(url.password) || undefined,
    database: decodeURIComponent(url.pathname.slice(1)) || undefined,
  };
}
