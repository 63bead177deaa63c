import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { ListPipeline, type PipelineOptions } from '../../src/db/pipeline.js';
import { LIST_CONNECTION_NAME, listPipelineOf } from '../../src/db/client.js';
import { executeList } from '../../src/db/named.js';
import { createTestApp, type TestApp } from '../helpers.js';

// Pipelined connections for list statements (db/pipeline.ts): a PostgreSQL server's protocol, so CI's PostgreSQL pass.
describe.runIf(process.env.DATABASE_URL)('list pipeline', () => {
  const url = process.env.DATABASE_URL!;
  const open: ListPipeline[] = [];
  const pipeline = (opts: Partial<PipelineOptions> = {}) => {
    const p = new ListPipeline({ connectionString: url }, { size: 1, depth: 16, youngMs: 1000, ...opts });
    open.push(p);
    return p;
  };
  const pid = async (p: ListPipeline) => Number((await p.take({ text: 'SELECT pg_backend_pid() AS pid' })!).rows[0].pid);
  const admin = new pg.Client({ connectionString: url });
  beforeAll(() => admin.connect());
  afterEach(async () => {
    await Promise.all(open.splice(0).map((p) => p.close()));
  });
  afterAll(() => admin.end());

  it('spreads statements over its connections, at most `depth` on each, and takes no more', async () => {
    const p = pipeline({ size: 2, depth: 2 });
    const sleepers = [0, 1, 2, 3].map((i) => p.take({ text: 'SELECT pg_backend_pid() AS pid, pg_sleep(0.2), $1::int AS i', values: [i] })!);
    expect(sleepers.every((s) => s instanceof Promise)).toBe(true);
    expect(p.outstanding()).toEqual([2, 2]);
    expect(p.take({ text: 'SELECT 1' })).toBeUndefined();
    const rows = (await Promise.all(sleepers)).map((r) => r.rows[0]);
    // each statement got its own answer, two on each of two backends
    expect(rows.map((r) => r.i)).toEqual([0, 1, 2, 3]);
    const pids = rows.map((r) => r.pid);
    expect(new Set(pids).size).toBe(2);
    expect(pids.filter((x) => x === pids[0])).toHaveLength(2);
    expect(p.outstanding()).toEqual([0, 0]);
    expect(p.take({ text: 'SELECT 1' })).toBeInstanceOf(Promise);
  });

  it('writes a statement at once, so the backend runs it after the one before without waiting for this process', async () => {
    const p = pipeline();
    await pid(p); // connected
    const t0 = `SELECT extract(epoch FROM clock_timestamp())::float8 AS at`;
    const first = p.take({ text: `${t0}, pg_sleep(0.2)` })!;
    const second = p.take({ text: t0 })!;
    // this process is busy for 0.6 s: on a connection that waits for each answer before writing the next
    // statement, the second could not begin before that
    const busyUntil = Date.now() + 600;
    while (Date.now() < busyUntil);
    const [a, b] = await Promise.all([first, second]);
    expect(b.rows[0].at - a.rows[0].at).toBeLessThan(0.45);
    expect(b.rows[0].at - a.rows[0].at).toBeGreaterThanOrEqual(0.2);
  });

  it('writes statements behind a young one only: a slow statement does not hold up the quick ones for long', async () => {
    const p = pipeline({ youngMs: 50 });
    const slow = p.take({ text: 'SELECT pg_sleep(0.4)' })!;
    // behind a statement given a moment ago: taken, and answered after it
    const behind = p.take({ text: 'SELECT 2 AS n' })!;
    expect(behind).toBeInstanceOf(Promise);
    await new Promise((r) => setTimeout(r, 120));
    // the oldest statement is now older than youngMs: the caller is to use its pool
    expect(p.take({ text: 'SELECT 3 AS n' })).toBeUndefined();
    await slow;
    expect((await behind).rows[0].n).toBe(2);
    expect((await p.take({ text: 'SELECT 4 AS n' })!).rows[0].n).toBe(4);
  });

  it('ends only the failing statement: those written behind it on the same connection are answered', async () => {
    const p = pipeline();
    const bad = p.take({ text: 'SELECT 1 / $1::int AS n', values: [0] })!;
    const good = p.take({ text: 'SELECT 1 / $1::int AS n', values: [1] })!;
    const named = [
      p.take({ name: 'pipeline_t', text: 'SELECT $1::int * 2 AS n', values: [21] })!,
      p.take({ name: 'pipeline_t', text: 'SELECT $1::int * 2 AS n', values: [5] })!,
    ];
    await expect(bad).rejects.toThrow(/division by zero/);
    expect((await good).rows[0].n).toBe(1);
    // a named statement written twice before its first answer is parsed once and run twice
    expect((await Promise.all(named)).map((r) => r.rows[0].n)).toEqual([42, 10]);
    expect((await p.take({ name: 'pipeline_t', text: 'SELECT $1::int * 2 AS n', values: [1] })!).rows[0].n).toBe(2);
  });

  it('fails the statements of a lost connection and opens a new one for the next', async () => {
    const p = pipeline();
    const first = await pid(p);
    const held = p.take({ text: 'SELECT pg_sleep(5)' })!;
    const behind = p.take({ text: 'SELECT 1' })!;
    // both answers are awaited from now on (the second fails while the first is awaited)
    const outcomes = Promise.allSettled([held, behind]);
    await admin.query('SELECT pg_terminate_backend($1)', [first]);
    expect((await outcomes).map((o) => o.status)).toEqual(['rejected', 'rejected']);
    const second = await pid(p);
    expect(second).not.toBe(first);
    expect(p.outstanding()).toEqual([0]);
  });

  it('takes nothing once closed', async () => {
    const p = pipeline();
    await pid(p);
    await p.close();
    expect(p.take({ text: 'SELECT 1' })).toBeUndefined();
  });

  describe('in the server', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('runs list statements on the pipelined connection, and on the pool when it cannot take them', async () => {
      const pool = (t.app.ctx.db as unknown as { $client: pg.Pool }).$client;
      const p = listPipelineOf(pool)!;
      expect(p).toBeInstanceOf(ListPipeline);
      await executeList(t.app.ctx.db, sql`SELECT 'list-on-pipeline' AS marker`);
      const [seen] = (
        await admin.query(`SELECT query FROM pg_stat_activity WHERE application_name = $1 AND query LIKE '%list-on-pipeline%'`, [
          LIST_CONNECTION_NAME,
        ])
      ).rows;
      expect(seen?.query).toContain('list-on-pipeline');
      // a slow statement holds the pipelined connection: the next list is not written behind it
      const slow = p.take({ text: 'SELECT pg_sleep(0.6)' })!;
      await new Promise((r) => setTimeout(r, 100));
      const began = Date.now();
      const r = await executeList(t.app.ctx.db, sql`SELECT 7 AS n`, false);
      expect(r.rows[0]!.n).toBe(7);
      expect(Date.now() - began).toBeLessThan(400);
      await slow;
    });

    it("connects with PostgreSQL's JIT off and the test's own schema, on the pool and the pipelined connection", async () => {
      const settings = sql`SELECT current_setting('jit') AS jit, current_setting('search_path') AS path`;
      const pooled = (await t.app.ctx.db.execute(settings)) as unknown as { rows: { jit: string; path: string }[] };
      const listed = await executeList(t.app.ctx.db, settings, false);
      for (const r of [pooled.rows[0]!, listed.rows[0] as { jit: string; path: string }]) {
        expect(r.jit).toBe('off');
        expect(r.path).toMatch(/^t_/);
      }
    });
  });
});
