import net from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { rows } from '../../src/db/rows.js';
import { isConnectionError } from '../../src/db/outage.js';
import { registerJob } from '../../src/jobs/index.js';
import { startRun, syncTasks } from '../../src/modules/tasks/runner.js';
import { balances, ledgerOk, ledgerSums, makeUser } from '../funds/funds.helpers.js';
import { createTestApp, get, post, signedIn, type TestApp } from '../helpers.js';

// Database outages (issue 28) need a PostgreSQL server to take away: CI's second pass.
const url = process.env.DATABASE_URL;

/** Ends every backend of the test app (its connections carry the app's name: TestApp.name). */
async function terminateBackends(name: string): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query(
      `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE application_name LIKE $1 AND pid <> pg_backend_pid()`,
      [`stock-admin test ${name}%`],
    );
    return r.rows[0].n;
  } finally {
    await c.end();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!url)('PostgreSQL backends terminated under load', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await signedIn(t, 'admin')).token;
  });
  afterAll(() => t.close());

  it('keeps the process up, answers in flight with the outage envelope or success, applies each write exactly once', async () => {
    const userId = await makeUser(t);
    const before = await balances(t, userId);
    // 80 credits of 1.00 in flight, each with a note of its own; the backends are ended in the middle
    const writes = Array.from({ length: 80 }, (_, i) =>
      post(t, '/admin/user/updateAmt.do', { userId, amt: '1.00', direction: 0, note: `outage-${i}` }, { token }),
    );
    const reads = Array.from({ length: 20 }, () => post(t, '/admin/user/list.do', { pageSize: 5 }, { token }));
    await sleep(15);
    expect(await terminateBackends(t.name!)).toBeGreaterThan(0);
    const answered = await Promise.all([...writes, ...reads]);

    for (const r of answered) {
      expect([200, 503]).toContain(r.statusCode);
      const body = r.json();
      if (r.statusCode === 503) {
        expect(body).toEqual({ status: 11, msg: '数据库暂不可用，请稍后重试', data: null });
        expect(r.headers['retry-after']).toBe('5');
      } else expect(body.status).toBe(0);
    }
    const ok = answered
      .slice(0, 80)
      .map((r, i) => (r.json().status === 0 ? i : -1))
      .filter((i) => i >= 0);
    // every credit answered 0 is in the ledger exactly once, and none answered otherwise is
    const notes = rows<{ note: string; n: number }>(
      await t.app.ctx.db.execute(sql`SELECT note, count(*)::int AS n FROM fund_records WHERE user_id = ${userId} GROUP BY note`),
    );
    expect(notes.every((n) => n.n === 1)).toBe(true);
    expect(notes.map((n) => n.note).sort()).toEqual(ok.map((i) => `outage-${i}`).sort());
    const after = await balances(t, userId);
    expect(Number(after.enableAmt) - Number(before.enableAmt)).toBeCloseTo(ok.length, 2);
    const sums = await ledgerSums(t, userId);
    expect(sums.enableAmt).toBe(after.enableAmt);
    expect(await ledgerOk(t)).toBe(true);
  });

  it('survives the backend of a connection held between two statements of a transaction being ended', async () => {
    // node-postgres emits 'error' on a checked-out client that has no statement running: unheard, it ends the process
    const held = t.app.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`);
      await sleep(300);
      await tx.execute(sql`SELECT 2`);
    });
    const outcome = held.then(
      () => 'committed',
      (e: Error) => e.message,
    );
    await sleep(100);
    expect(await terminateBackends(t.name!)).toBeGreaterThan(0);
    expect(await outcome).not.toBe('committed');
    expect((await post(t, '/admin/user/list.do', { pageSize: 5 }, { token })).json().status).toBe(0);
  });

  it('answers again at once: the pool replaces the ended connections', async () => {
    await terminateBackends(t.name!);
    const t0 = Date.now();
    const r = await post(t, '/admin/user/list.do', { pageSize: 5 }, { token });
    // the first call may meet a connection ended a moment ago; within 1 s every call succeeds
    let status = r.json().status;
    while (status !== 0 && Date.now() - t0 < 1000)
      status = (await post(t, '/admin/user/list.do', { pageSize: 5 }, { token })).json().status;
    expect(status).toBe(0);
    expect(Date.now() - t0).toBeLessThan(1000);
    expect((await get(t, '/readyz')).statusCode).toBe(200);
  });

  it('lets go of a job whose lock connection was ended: the run is not counted, the next one runs once', async () => {
    let runs = 0;
    const def = registerJob({
      key: 'test-outage-job',
      name: { zh: '中断', en: 'Interrupted' },
      schedule: '@every 1h',
      run: async (ctx) => {
        runs++;
        await ctx.db.execute(sql`SELECT pg_sleep(0.4)`);
        return { runs };
      },
    });
    await syncTasks(t.app.ctx);
    const first = await startRun(t.app.ctx, def, 'manual');
    expect(first.state).toBe('started');
    await sleep(100);
    await terminateBackends(t.name!);
    await first.finished.catch(() => undefined);
    const second = await startRun(t.app.ctx, def, 'manual');
    expect(second.state).toBe('started');
    await second.finished;
    const results = rows<{ result: string }>(
      await t.app.ctx.db.execute(sql`SELECT result FROM scheduled_task_runs WHERE task_key = ${def.key} ORDER BY id`),
    ).map((r) => r.result);
    // the interrupted run is never recorded as a success; the one after it ran exactly once more
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    expect(results[0]).not.toBe('ok');
    expect(runs).toBe(2);
  });
});

/**
 * A TCP proxy in front of PostgreSQL that the test can cut: `down()` ends every connection and then
 * holds new ones without answering (a server that stopped responding), `up()` forwards again;
 * `freeze()` keeps the connections but passes nothing on (statements time out on the client).
 */
function pgProxy(target: URL) {
  const sockets = new Set<net.Socket>();
  const held = new Set<net.Socket>();
  let forwarding = true;
  let frozen = false;
  const pending: (() => void)[] = [];
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => undefined);
    if (!forwarding) {
      // accepted, never answered
      held.add(client);
      client.on('close', () => held.delete(client));
      return;
    }
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    // what the client writes while the proxy is frozen waits here (a server that has stopped reading)
    client.on('data', (d: Buffer) => (frozen ? pending.push(() => upstream.write(d)) : upstream.write(d)));
    upstream.pipe(client);
  });
  return {
    listen: () => new Promise<number>((r) => server.listen(0, '127.0.0.1', () => r((server.address() as net.AddressInfo).port))),
    down() {
      forwarding = false;
      for (const s of sockets) s.destroy();
    },
    up() {
      forwarding = true;
      for (const s of held) s.destroy();
    },
    /** Connections stay open; what the clients write is not passed on until `thaw()`. */
    freeze() {
      frozen = true;
    },
    thaw() {
      frozen = false;
      for (const send of pending.splice(0)) send();
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe.skipIf(!url)('PostgreSQL not answering for a few seconds', () => {
  let t: TestApp;
  let token: string;
  const proxy = url ? pgProxy(new URL(url)) : undefined;
  beforeAll(async () => {
    const port = await proxy!.listen();
    const u = new URL(url!);
    u.hostname = '127.0.0.1';
    u.port = String(port);
    t = await createTestApp({ DATABASE_URL: u.toString(), DATABASE_CONNECT_TIMEOUT_MS: '500', DATABASE_LIST_CONNECTIONS: '0' });
    token = (await signedIn(t, 'admin')).token;
  });
  afterAll(async () => {
    proxy!.up();
    await t.close();
    proxy!.close();
  });

  it('fails fast with the outage envelope, reports down, and recovers without a restart', async () => {
    expect((await post(t, '/admin/user/list.do', {}, { token })).json().status).toBe(0);
    proxy!.down();
    const timed = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const t0 = Date.now();
        const r = await post(t, i % 2 ? '/admin/user/list.do' : '/admin/agent/list.do', {}, { token, lang: 'en-US' });
        return { r, ms: Date.now() - t0 };
      }),
    );
    for (const { r, ms } of timed) {
      expect(r.statusCode).toBe(503);
      expect(r.json()).toEqual({ status: 11, msg: 'The database is unavailable, please retry shortly', data: null });
      expect(r.headers['retry-after']).toBe('5');
      // bounded by the connect time-out (500 ms), with room for a loaded machine
      expect(ms).toBeLessThan(1500);
    }
    const ready = await get(t, '/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'not_ready', db: 'down' });
    // alive all the same: a supervisor must not restart an instance for its database's outage
    expect((await get(t, '/healthz')).json()).toEqual({ status: 'ok' });

    await sleep(2000);
    proxy!.up();
    const t0 = Date.now();
    let h = await get(t, '/readyz');
    while (h.statusCode !== 200 && Date.now() - t0 < 1000) h = await get(t, '/readyz');
    expect(h.statusCode).toBe(200);
    expect(Date.now() - t0).toBeLessThan(1000);
    expect((await post(t, '/admin/user/list.do', {}, { token })).json().status).toBe(0);
  });
});

describe.skipIf(!url)('a transaction whose BEGIN fails', () => {
  // drizzle-orm sends BEGIN before the block that gives its connection back (db/pool.ts)
  it('gives its connection back: a pool of two still serves after both connections lost a BEGIN', async () => {
    const proxy = pgProxy(new URL(url!));
    const u = new URL(url!);
    u.hostname = '127.0.0.1';
    u.port = String(await proxy.listen());
    const database = await openDatabase({
      databaseUrl: u.toString(),
      dataDir: 'memory://',
      poolSize: 2,
      listConnections: 0,
      connectTimeoutMs: 500,
      queryTimeoutMs: 300,
    });
    const { db } = database;
    try {
      // both connections opened, then idle in the pool
      await Promise.all([0, 1].map(() => db.transaction((tx) => tx.execute(sql`SELECT pg_sleep(0.05)`))));
      proxy.freeze();
      let ran = 0;
      const lost = await Promise.allSettled(
        [0, 1].map(() =>
          db.transaction(async (tx) => {
            ran++;
            await tx.execute(sql`SELECT 1`);
          }),
        ),
      );
      proxy.thaw();
      // BEGIN is held and written with the first statement (db/begin.ts): the functions began, and that statement
      // failed with BEGIN's connection error
      expect(ran).toBe(2);
      for (const r of lost) {
        expect(r.status).toBe('rejected');
        expect(isConnectionError((r as PromiseRejectedResult).reason)).toBe(true);
      }
      const answer = await db.transaction(async (tx) => rows<{ n: number }>(await tx.execute(sql`SELECT 7 AS n`)));
      expect(answer).toEqual([{ n: 7 }]);
    } finally {
      await database.close();
      await proxy.close();
    }
  });
});
