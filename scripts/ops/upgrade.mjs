// The upgrade drill (docs/operations.md, "Replacing instances one at a time"): two instances of the previous release
// (the code before the newest migration change, from git, built in a temporary folder) serve on PostgreSQL + Redis
// while four operators credit deposits through a stand-in load balancer; the first instance of this release starts
// beside them and applies the new migrations; then each old instance is taken out of the balancer, drained and
// stopped (SIGTERM), and a new one put in its place. Two consoles' live sockets listen throughout, reconnecting as the
// console does. Targets: no 5xx, every acknowledged write there exactly once and announced to both consoles, no call
// left unanswered, ledger:verify and audit:verify clean.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { adminLogin, buildServer } from '../../bench/lib/server.mjs';
import { BENCH_ADMIN, seedUserList } from '../../bench/lib/users.mjs';
import { freePort, startServer, root } from '../../e2e/lib/server.mjs';
import { previousRelease, releaseTree } from './compat.mjs';
import { Listener, Writer, verifyBooks } from './writer.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const SCHEMA = 'upgrade_drill';

export async function upgradeDrill({ users = 2000, base } = {}) {
  const pgUrl = process.env.DATABASE_URL ?? process.env.BENCH_DATABASE_URL;
  if (!pgUrl) throw new Error('the upgrade drill runs on PostgreSQL: set DATABASE_URL (and REDIS_URL)');
  const release = base ?? previousRelease().base;
  const figures = { drill: 'upgrade', previousRelease: release.slice(0, 12), users };
  buildServer();
  const old = releaseTree(release, 'ops-upgrade-');
  const instances = new Set();
  let writer;
  const listeners = [];
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  try {
    execFileSync(process.execPath, ['apps/server/build.mjs'], { cwd: old, stdio: 'inherit' });
    const oldEntry = path.join(old, 'apps/server/dist/main.mjs');
    await admin.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE; CREATE SCHEMA ${SCHEMA}`);
    const u = new URL(pgUrl);
    u.searchParams.set('options', `-c search_path=${SCHEMA}`);
    const env = {
      DATABASE_URL: u.toString(),
      SEED_DEMO: 'false',
      JOBS_ENABLED: 'false',
      SIMULATE_RATE: '0',
      QUOTE_SESSION: 'exchange',
      SECRET_KEY: 'bench-secret-key-0123456789',
      LOG_LEVEL: 'warn',
      // its own channel: CI runs it beside the benchmarks, whose servers may share this Redis
      BUS_CHANNEL: `upgrade-drill:${process.pid}`,
      ...(process.env.REDIS_URL || process.env.BENCH_REDIS_URL ? { REDIS_URL: process.env.REDIS_URL ?? process.env.BENCH_REDIS_URL } : {}),
    };
    const start = async (entry) => {
      const s = await startServer({ port: await freePort(), env, entry, quiet: true, dataDir: fs.mkdtempSync(path.join(old, '.data-')) });
      instances.add(s);
      return s;
    };
    // the previous release migrates the fresh schema; users and an operator as bench/user-list seeds them
    const oldA = await start(oldEntry);
    await seedUserList(u.toString(), users, old);
    const oldB = await start(oldEntry);
    const token = await adminLogin(oldA.base, BENCH_ADMIN.username, BENCH_ADMIN.password);
    const c = new pg.Client({ connectionString: u.toString() });
    await c.connect();
    const ids = (await c.query('SELECT id FROM users WHERE account_type = 0 AND deleted_at IS NULL ORDER BY id LIMIT 500')).rows.map(
      (r) => r.id,
    );
    const before = (await c.query('SELECT count(*)::int AS n FROM schema_migrations')).rows[0].n;

    // the stand-in load balancer: the instances in rotation, round robin
    const rotation = [oldA, oldB];
    // two consoles, one on each old instance to begin with; a reconnect goes where the balancer sends it
    const adminId = (await c.query('SELECT id FROM admins WHERE username = $1', [BENCH_ADMIN.username])).rows[0].id;
    let turn = 0;
    for (const first of [oldA, oldB]) {
      let initial = first;
      listeners.push(
        new Listener(() => (initial ? ((initial = null), first.base) : rotation[turn++ % rotation.length].base), adminId, token),
      );
    }
    writer = new Writer((n) => rotation[n % rotation.length].base, token, ids, { retry: true });
    writer.start(4);
    await sleep(3000);
    const t0 = Date.now();
    // the first new instance applies this release's migrations while the old ones serve
    const newA = await start(path.join(root, 'apps/server/dist/main.mjs'));
    figures.migrationsApplied = (await c.query('SELECT count(*)::int AS n FROM schema_migrations')).rows[0].n - before;
    rotation.push(newA);
    await sleep(2000);
    for (const oldOne of [oldA, oldB]) {
      // drained: out of the balancer, its calls in flight answered, then stopped
      rotation.splice(rotation.indexOf(oldOne), 1);
      await sleep(1000);
      await oldOne.stop();
      instances.delete(oldOne);
      if (oldOne === oldA) rotation.push(await start(path.join(root, 'apps/server/dist/main.mjs')));
      await sleep(2000);
    }
    figures.rolloutSeconds = (Date.now() - t0) / 1000;
    // The next release's rollout, as this release's instances are replaced: stopped as soon as they are out of the
    // balancer, with calls in flight. The previous release closes its sockets before its last calls' notices go out
    // and cannot send a reconnecting console what it missed, so the notices' target is counted here, where both sides
    // drain (realtime/plugin.ts) and resume (realtime/replay.ts).
    await sleep(1000);
    const t1 = Date.now();
    for (const current of [...rotation]) {
      rotation.splice(rotation.indexOf(current), 1);
      await current.stop();
      instances.delete(current);
      rotation.push(await start(path.join(root, 'apps/server/dist/main.mjs')));
      await sleep(2000);
    }
    await sleep(1000);
    await writer.stop();
    // the last notices' time to arrive
    const announcedBy = (l) => writer.done.filter((w) => l.orders.has(w.orderNo)).length;
    for (let i = 0; i < 50 && listeners.some((l) => announcedBy(l) < writer.done.length); i++) await sleep(100);

    const rows = (
      await c.query(`SELECT order_no, count(*) OVER (PARTITION BY admin_note) AS n FROM recharge_orders WHERE admin_note LIKE 'drill %'`)
    ).rows;
    await c.end();
    const present = new Set(rows.map((r) => r.order_no));
    figures.acknowledged = writer.done.length;
    figures.lost = writer.done.filter((w) => !present.has(w.orderNo)).length;
    figures.ranTwice = rows.filter((r) => Number(r.n) > 1).length;
    figures.retried = writer.done.filter((w) => w.tries > 1).length;
    figures.refused = writer.failed;
    figures.http5xx = writer.http5xx;
    figures.unanswered = writer.unanswered ?? 0;
    const lost = (from, to) =>
      listeners.map((l) => writer.done.filter((w) => w.ackAt >= from && w.ackAt < to && !l.orders.has(w.orderNo)).length);
    figures.noticesLostFromPrevious = lost(0, t1);
    figures.noticesLost = lost(t1, Infinity);
    figures.socketReconnects = listeners.map((l) => l.reconnects);
    figures.noticesSentAgain = listeners.map((l) => l.repeats);
    Object.assign(figures, verifyBooks(u.toString()));
    figures.ok =
      figures.http5xx === 0 &&
      figures.refused === 0 &&
      figures.lost === 0 &&
      figures.ranTwice === 0 &&
      figures.noticesLost.every((n) => n === 0) &&
      figures.socketReconnects.every((n) => n > 0) &&
      figures.acknowledged > 0 &&
      figures.ledgerVerified &&
      figures.auditVerified;
    return figures;
  } finally {
    for (const l of listeners) l.stop();
    await writer?.stop();
    for (const s of instances) await s.stop().catch(() => undefined);
    await admin.query(`DROP SCHEMA IF EXISTS ${SCHEMA} CASCADE`).catch(() => undefined);
    await admin.end();
    fs.rmSync(old, { recursive: true, force: true });
  }
}
