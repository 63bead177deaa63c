import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type Db } from '../../src/db/client.js';
import { rows } from '../../src/db/rows.js';
import { metrics } from '../../src/lib/metrics.js';

/**
 * Issue 64: a transaction's BEGIN, and the id the transaction policy reads for a lost COMMIT, written with its first
 * statement on the pool's pipelined connections (db/begin.ts). What must hold: the statements still run as one
 * transaction, in order, one answer each; the id is read before the work (no read is left for the commit); nothing is
 * sent for a transaction that sends nothing; a BEGIN held on a client given back does not reach its next user.
 * PostgreSQL only: the embedded database has no pool and no wire.
 */
const url = process.env.DATABASE_URL;
let database: Database;
let db: Db;
const schema = `t_begin_${randomBytes(4).toString('hex')}`;
const other = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });

const value = async (c: { get(): Promise<{ values: { value: number }[] }> }) => (await c.get()).values[0]?.value ?? 0;
/** Statements and round trips `fn` cost. */
async function counted(fn: () => Promise<unknown>): Promise<{ statements: number; trips: number }> {
  const s = await value(metrics.dbStatements);
  const t = await value(metrics.dbRoundTrips);
  await fn();
  return { statements: (await value(metrics.dbStatements)) - s, trips: (await value(metrics.dbRoundTrips)) - t };
}
const count = async () => rows<{ n: number }>(await other.query('SELECT count(*)::int AS n FROM items'))[0]!.n;

describe.runIf(url)('BEGIN with the first statement', () => {
  beforeAll(async () => {
    database = await openDatabase({ databaseUrl: url, dataDir: 'memory://', schemaName: schema, poolSize: 2, listConnections: 0 });
    db = database.db;
    await db.execute(sql`CREATE TABLE items (id serial PRIMARY KEY, n int NOT NULL DEFAULT 0)`);
    await other.connect();
  });
  afterAll(async () => {
    await other.query(`DROP SCHEMA ${schema} CASCADE`);
    await other.end();
    await database.close();
  });

  it('one round trip for BEGIN, the id and the first statement; no id read before COMMIT (was 5 round trips)', async () => {
    let seenXid: string | null = null;
    const c = await counted(() =>
      db.transaction(async (tx) => {
        // the id is already assigned when the first statement runs: it was read (and so assigned) before it
        seenXid = rows<{ x: string | null }>(await tx.execute(sql`SELECT pg_current_xact_id_if_assigned()::text AS x`))[0]!.x;
        await tx.execute(sql`INSERT INTO items (n) VALUES (${1})`);
      }),
    );
    expect(seenXid).toMatch(/^\d+$/);
    // BEGIN, the id, the two statements, COMMIT: five statements in three round trips, the commit-time read gone
    expect(c).toEqual({ statements: 5, trips: 3 });
  });

  it('the statements are one transaction: unseen by another connection until COMMIT, undone by a failure', async () => {
    const before = await count();
    let during = -1;
    await db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO items (n) VALUES (${2})`);
      during = await count();
    });
    expect(during).toBe(before);
    expect(await count()).toBe(before + 1);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO items (n) VALUES (${3})`);
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(await count()).toBe(before + 1);
    // a statement that fails fails alone, and the transaction with it
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO items (n) VALUES (${4})`);
        await tx.execute(sql`INSERT INTO items (id) VALUES (NULL)`);
      }),
    ).rejects.toThrow();
    expect(await count()).toBe(before + 1);
  });

  it('a transaction that sends nothing sends neither BEGIN nor COMMIT', async () => {
    expect(await counted(() => db.transaction(async () => 'nothing'))).toEqual({ statements: 0, trips: 0 });
    await expect(counted(() => db.transaction(async () => Promise.reject(new Error('early'))))).rejects.toThrow('early');
  });

  it('a read-only transaction reads no id, and is read only', async () => {
    const c = await counted(() => db.transaction(async (tx) => tx.execute(sql`SELECT count(*) FROM items`), { accessMode: 'read only' }));
    expect(c).toEqual({ statements: 3, trips: 2 });
    await expect(
      db.transaction(async (tx) => tx.execute(sql`INSERT INTO items (n) VALUES (${5})`), { accessMode: 'read only' }),
    ).rejects.toThrow();
  });

  it('racing transactions on two pipelined connections: each answer its own, every increment once', async () => {
    const [{ id }] = rows<{ id: number }>(await db.execute(sql`INSERT INTO items (n) VALUES (0) RETURNING id`));
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        db.transaction(async (tx) => {
          const [row] = rows<{ n: number; i: number }>(
            await tx.execute(sql`SELECT n, ${i}::int AS i FROM items WHERE id = ${id} FOR UPDATE`),
          );
          await tx.execute(sql`UPDATE items SET n = ${row!.n + 1} WHERE id = ${id}`);
          return row!.i;
        }),
      ),
    );
    expect(results).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(rows<{ n: number }>(await other.query(`SELECT n FROM items WHERE id = ${id}`))[0]!.n).toBe(40);
  });

  it('a BEGIN held on a client given back does not reach the next user of that client', async () => {
    const pool = (db as unknown as { $client: pg.Pool }).$client;
    const a = await pool.connect();
    const pid = (await a.query('SELECT pg_backend_pid() AS p')).rows[0].p;
    await a.query('BEGIN');
    a.release();
    const b = await pool.connect();
    try {
      expect((await b.query('SELECT pg_backend_pid() AS p')).rows[0].p).toBe(pid);
      expect((await b.query('SELECT pg_current_xact_id_if_assigned() AS x')).rows[0].x).toBeNull();
      const before = await count();
      await b.query('INSERT INTO items (n) VALUES (6)');
      // not inside a transaction left open: seen at once
      expect(await count()).toBe(before + 1);
    } finally {
      b.release();
    }
  });
});
