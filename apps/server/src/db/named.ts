import { createHash } from 'node:crypto';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { renderQuery, renderWithRenderQuery } from './render.js';
import { listPipelineOf, type Db } from './client.js';
import { replicaOf } from './replica.js';

/**
 * Named (prepared) statements for the hot list queries and the busiest calls (the app's sign-in lookup, a buy).
 * PostgreSQL parses and plans an unnamed statement on every call: for the user and fund-record lists (page and
 * totals in one statement) planning took longer than running (0.4–1.3 ms against 0.3–0.8 ms, bench/user-list),
 * and for a buy parsing and planning its three statements were ≈ 40 % of PostgreSQL's time (bench/positions B1).
 * A named statement is parsed once per connection, and after five executions PostgreSQL keeps a generic plan when
 * it costs no more than the custom ones (plan_cache_mode auto), so statements whose best plan depends on the values
 * (a phone prefix, say) keep being planned with them.
 *
 * Only for statements whose text comes from a bounded set (one per filter combination, per rule switch): every
 * connection keeps each name it has seen. Which list statements are named: `namedFor`
 * (modules/_kit/subtrees.ts).
 */
const names = new Map<string, string>();
// Bumped when a named statement's result changed shape under it (see executeNamed): every text gets a new name.
let generation = 0;
/** The statement's name: a digest of its text (different texts never share a name), remembered per text. */
export function statementName(text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `s_${createHash('sha1').update(`${generation}:${text}`).digest('base64url')}`;
    // the texts are a bounded set (see above); the bound only guards against a mistake
    if (names.size >= 1000) names.clear();
    names.set(text, name);
  }
  return name;
}

/**
 * PostgreSQL refuses to run a prepared statement whose result columns changed since it was prepared (a table that
 * `*` reads gained a column: another instance of a newer version migrated while this one runs). The statements of
 * this process are then prepared again under new names; the old ones stay unused until their connection closes.
 */
const resultChanged = (e: unknown) =>
  (e as { code?: string }).code === '0A000' && /cached plan must not change result type/.test(String(e));
async function renamingOnce<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (!resultChanged(e)) throw e;
    generation++;
    names.clear();
    return run();
  }
}

// drizzle's node-postgres driver returns dates, timestamps and intervals (and their arrays) as text; so do these
const TEXT_TYPES = new Set([1082, 1114, 1184, 1186, 1182, 1115, 1185, 1187, 1231]);
const types = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    TEXT_TYPES.has(oid) ? (v: string) => v : pg.types.getTypeParser(oid, format as 'text'),
} as pg.CustomTypesConfig;

/** The statement as node-postgres takes it: text rendered by renderQuery (db/render.ts), named when `named`. */
function queryConfig(query: SQL, named: boolean): pg.QueryConfig {
  const { sql: text, params } = renderQuery(query);
  return { ...(named ? { name: statementName(text) } : {}), text, values: params as unknown[], types };
}

const poolOf = (db: Db): pg.Pool | undefined => {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
};

/**
 * Runs a list statement on a PostgreSQL pool, as a named statement when `named` (see above): on the pool's
 * pipelined connections when one can take it (db/pipeline.ts), else on the pool; elsewhere (PGlite, a
 * transaction) as usual.
 */
export async function executeList(db: Db, query: SQL, named = true): Promise<{ rows: Record<string, unknown>[] }> {
  const pool = poolOf(db);
  if (!pool) return (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return renamingOnce(() => onListConnection(pool, queryConfig(query, named)));
}

/** A read endpoint's list on the standby (db/replica.ts); the primary's pipelined connections otherwise, or its pool. */
function onListConnection(pool: pg.Pool, config: pg.QueryConfig): Promise<pg.QueryResult> {
  const replica = replicaOf(pool);
  const onPrimary = () => listPipelineOf(pool)?.take(config) ?? (replica ? replica.onPrimary(config) : pool.query(config));
  if (replica?.takes()) return replica.query(() => replica.pool.query(config), onPrimary);
  return onPrimary();
}

/**
 * What drizzle's node-postgres driver takes as its client: each statement named after its text (statementName) and
 * run where executeList runs one. No `connect`: a transaction on it fails at once (see listDb).
 */
class ListClient {
  constructor(private readonly pool: pg.Pool) {}
  query(config: pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    return renamingOnce(() =>
      onListConnection(this.pool, { ...config, name: config.name ?? statementName(config.text), ...(values ? { values } : {}) }),
    );
  }
}

const listDbs = new WeakMap<pg.Pool, Db>();

/**
 * The handle of a platform user's hot reads (a page of their messages, positions or records, the stocks and
 * channels they may use, the balances a buy is checked against before it writes): drizzle's builders and `execute`
 * as on `db`, each statement run as executeList runs a list's — named, and written on a pipelined connection behind
 * others instead of taking a pool connection of its own. On a pool connection each such read cost a checkout, a
 * write that wakes a sleeping backend, and a wake-up of this process for its answer: a page of messages (three
 * statements) took 0.63–0.79 CPU-ms a call at saturation and 0.39–0.41 here (bench/README, "Per action").
 *
 * Only for single statements that only read, outside a transaction, whose texts come from a bounded set (as
 * executeList's named ones). Inside a transaction, on PGlite or without a pool it is `db` itself.
 */
export function listDb(db: Db): Db {
  const pool = poolOf(db);
  if (!pool) return db;
  let handle = listDbs.get(pool);
  if (!handle) {
    handle = drizzle(new ListClient(pool) as unknown as pg.Pool) as unknown as Db;
    renderWithRenderQuery(handle);
    (handle as { transaction: unknown }).transaction = () => Promise.reject(new Error('listDb reads only: open transactions on the pool'));
    listDbs.set(pool, handle);
  }
  return handle;
}

/**
 * Runs a statement of a hot path (a sign-in lookup, a buy) on a PostgreSQL pool as a named statement (see
 * above; its text must come from a bounded set); elsewhere (PGlite, a transaction) as usual. Rows as
 * db.execute gives them.
 */
export async function executeNamed(db: Db, query: SQL): Promise<{ rows: Record<string, unknown>[] }> {
  const pool = poolOf(db);
  if (!pool) return (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return renamingOnce(() => pool.query(queryConfig(query, true)));
}

// The console's page sizes, and how many first pages get literal bounds (see pageWindow).
const LITERAL_PAGE_SIZES = new Set([10, 20, 50, 100]);
const LITERAL_PAGES = 5;

/**
 * `LIMIT … OFFSET …` of a list page. With the bounds as parameters PostgreSQL costs a generic plan as if
 * the page were a tenth of the rows, so a named list statement was planned afresh on every call (custom
 * plans, bench/user-list); with literal bounds its generic plan is costed for the page it returns and is
 * kept. Literal only for the console's page sizes and first pages (and for an offset computed in SQL,
 * db/days.ts: periodSkip), so that the texts, and the statements each connection keeps, stay few; other
 * pages pass parameters and are planned with their values.
 */
export function pageWindow(limit: number, offset: number | SQL): SQL {
  if (!LITERAL_PAGE_SIZES.has(limit)) return sql`LIMIT ${limit} OFFSET ${offset}`;
  if (typeof offset === 'number' && literalPage(limit, offset)) return sql.raw(`LIMIT ${limit} OFFSET ${offset}`);
  return sql`LIMIT ${sql.raw(String(limit))} OFFSET ${offset}`;
}

/** Whether pageWindow writes this page's bounds as literals: one of the first pages of a console page size. */
export const literalPage = (limit: number, offset: number): boolean =>
  LITERAL_PAGE_SIZES.has(limit) && Number.isSafeInteger(offset) && offset % limit === 0 && offset >= 0 && offset < limit * LITERAL_PAGES;
