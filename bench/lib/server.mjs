// Starts the real server for a benchmark, built as `npm start` runs it (apps/server/dist, rebuilt once
// per benchmark process), and stops it again. Only loopback addresses are used.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startServer as startBuilt } from '../../e2e/lib/server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A fresh PostgreSQL schema, returned as a DATABASE_URL whose search_path points at it. */
export async function freshSchema(baseUrl, name) {
  const c = new pg.Client({ connectionString: baseUrl });
  await c.connect();
  await c.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE; CREATE SCHEMA "${name}"`);
  await c.end();
  const u = new URL(baseUrl);
  u.searchParams.set('options', `-c search_path=${name}`);
  return {
    url: u.toString(),
    drop: async () => {
      const d = new pg.Client({ connectionString: baseUrl });
      await d.connect();
      await d.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`);
      await d.end();
    },
  };
}

// BENCH_SERVER_BUILT=1: built already by the caller (bench/smoke.mjs builds once for all its benchmarks: two processes
// rebuilding dist at once delete each other's files, and a server starting meanwhile finds its migrations gone).
let built = process.env.BENCH_SERVER_BUILT === '1';
/** Builds apps/server/dist once per benchmark process, so the numbers are those of the current code. */
export function buildServer() {
  if (built) return;
  execFileSync(process.execPath, [path.join(root, 'apps/server/build.mjs')], { cwd: root, stdio: 'inherit' });
  built = true;
}

/**
 * The built server on `port` (the browser suite's starter, e2e/lib/server.mjs): the embedded database in
 * a temporary folder unless `env.DATABASE_URL` is given; `stop()` ends it and removes that folder.
 *
 * The server runs in a session of its own, as a service does (systemd, a container, its own terminal).
 * Where the kernel groups processes by session for scheduling (autogroup: /proc/sys/kernel/
 * sched_autogroup_enabled = 1, as on the machine of session 11's results), a server in the benchmark's
 * session shared that group's CPU with the load generator, against a group of its own for PostgreSQL:
 * in the user-list benchmark the slowest lists' p99 was 69–121 ms (U4, U6, U7, C4), and 24–49 ms in a
 * session of its own (three full runs). BENCH_SHARED_SESSION=1 starts it in the benchmark's session, to compare.
 */
export async function startServer({ port, env = {}, nodeArgs = [], entry, node }) {
  // another build (`entry`: its apps/server/dist/main.mjs, built in its own checkout) is taken as it is; `node`,
  // another Node.js binary, is passed on (bench/soak/side-by-side.mjs --node)
  if (!entry) buildServer();
  return startBuilt({
    ...(entry ? { entry } : {}),
    ...(node ? { node } : {}),
    port,
    quiet: process.env.BENCH_SERVER_LOG !== '1',
    nodeArgs,
    ownSession: process.env.BENCH_SHARED_SESSION !== '1',
    env: { LOG_LEVEL: 'warn', SECRET_KEY: 'bench-secret-key-0123456789', ...env },
  });
}

export async function adminLogin(base, username, password) {
  const r = await fetch(`${base}/api/adminUser/login.do`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }),
  });
  const b = await r.json();
  if (b.status !== 0) throw new Error(`login failed: ${b.msg}`);
  return b.data.token;
}
