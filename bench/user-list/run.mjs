// User list and fund records under load: POST /admin/user/list.do and /admin/cash/list.do through the
// real server (wrk, or autocannon without it: bench/lib/load.mjs) side by side with the same SQL run by a plain pg pool, on PostgreSQL with
// 1,000,000 users and 5,000,000 fund records (seed.sql). Usage (from the repository root):
//   node --import tsx bench/user-list/run.mjs [--duration 10] [--connections 50] [--reseed] [--only U1,C1] [--workers 2]
// Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), BENCH_REDIS_URL (default
// redis://127.0.0.1:6379, for a server of several workers). Ports 18300-18399.
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { httpLoad } from '../lib/load.mjs';
import { percentile as pct } from '../lib/stats.mjs';
import { adminLogin, startServer } from '../lib/server.mjs';
import { BENCH_ADMIN, BENCH_AGENT, PG_URL, SCHEMA, schemaUrl, seed } from './seed.mjs';
import { selected, statementOf } from './scenarios.mjs';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    users: { type: 'string', default: '1000000' },
    // server processes (WEB_CONCURRENCY): one per core, as the server is meant to run on a host of its
    // own; --workers 1 for a single process
    workers: { type: 'string', default: String(os.cpus().length) },
    reseed: { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
// The server's pool size (DATABASE_POOL_SIZE); the raw client gets the same. Default: 2 connections a
// core, as PostgreSQL's wiki suggests for a database on SSD (here the database shares the machine's cores).
const POOL = Number(process.env.BENCH_POOL ?? 2 * os.cpus().length);
const WORKERS = Number(values.workers);
// several workers share the pool's connections, so that both sides hold the same number of backends
const WORKER_POOL = Math.max(1, Math.floor(POOL / WORKERS));
// of each worker's connections, how many are its pipelined list connections (DATABASE_LIST_CONNECTIONS,
// apps/server/src/db/pipeline.ts); the rest are its pool, which the lists use when those cannot take
// them (and sign-in and the session look-ups always). BENCH_LIST_CONNECTIONS=0: lists on the pool only.
const LIST_CONNECTIONS = Math.min(WORKER_POOL - 1, Number(process.env.BENCH_LIST_CONNECTIONS ?? 1));
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

const SCENARIOS = selected(values.only);

async function prepare() {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  const { rows } = await c.query(`SELECT to_regclass($1) AS t`, [`${SCHEMA}.users`]);
  let users = 0;
  if (rows[0].t) users = Number((await c.query(`SELECT count(*) AS n FROM "${SCHEMA}".users`)).rows[0].n);
  await c.end();
  if (values.reseed || users < Number(values.users)) return seed(Number(values.users));
  // an existing data set: apply newer migrations (server start) and make sure the summary tables are filled
  const server = await startServer({ port: 18302, env: { DATABASE_URL: schemaUrl(), SEED_DEMO: 'false', JOBS_ENABLED: 'false' } });
  await server.stop();
  const s = new pg.Client({ connectionString: schemaUrl() });
  await s.connect();
  if (Number((await s.query('SELECT count(*) AS n FROM user_counts')).rows[0].n) === 0) {
    const t = Date.now();
    await s.query('SELECT rebuild_user_stats()');
    await s.query('ANALYZE user_counts; ANALYZE fund_stats');
    console.log(`summary tables rebuilt in ${Date.now() - t} ms`);
  }
  // tables a newer migration created (and filled) have no visibility map yet: vacuum them as autovacuum would
  const fresh = await s.query(
    `SELECT relname FROM pg_stat_user_tables WHERE schemaname = current_schema() AND last_vacuum IS NULL AND last_autovacuum IS NULL`,
  );
  for (const { relname } of fresh.rows) await s.query(`VACUUM ANALYZE "${relname}"`);
  await s.end();
}

/** The same statement from a plain pg pool: `connections` workers in a closed loop for `duration` seconds. */
async function rawRun(pool, query, seconds) {
  const lat = [];
  let errors = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < until) {
        const t = process.hrtime.bigint();
        try {
          await pool.query(query);
          lat.push(Number(process.hrtime.bigint() - t) / 1e6);
        } catch {
          errors++;
        }
      }
    }),
  );
  lat.sort((a, b) => a - b);
  return { rps: Math.round(lat.length / seconds), p50: +pct(lat, 50).toFixed(1), p99: +pct(lat, 99).toFixed(1), errors };
}

async function apiRun(url, body, token, seconds) {
  return httpLoad({
    url,
    method: 'POST',
    headers: { admintoken: token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    connections,
    duration: seconds,
  });
}

async function main() {
  await prepare();
  const server = await startServer({
    port: 18303,
    env: {
      DATABASE_URL: schemaUrl(),
      DATABASE_POOL_SIZE: String(WORKER_POOL - LIST_CONNECTIONS),
      DATABASE_LIST_CONNECTIONS: String(LIST_CONNECTIONS),
      SEED_DEMO: 'false',
      JOBS_ENABLED: 'false',
      // more than one worker: a cluster, whose workers share events through Redis (config.ts)
      ...(WORKERS > 1 ? { WEB_CONCURRENCY: String(WORKERS), REDIS_URL, BUS_CHANNEL: `bench-user-list:${process.pid}` } : {}),
    },
    nodeArgs: [
      // BENCH_NODE_ARGS="--flag …": more of node's options for the server (its workers inherit them)
      ...(process.env.BENCH_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? []),
      // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
      // BENCH_TRACE=<path prefix>: each server process writes how long it held every request (trace.mjs reads them)
      ...(process.env.BENCH_TRACE ? ['--import', new URL('../lib/trace-preload.mjs', import.meta.url).href] : []),
    ],
  });
  const pool = new pg.Pool({ connectionString: schemaUrl(), max: POOL });
  const db = drizzle(pool);
  const results = [];
  try {
    const tokens = {
      admin: await adminLogin(server.base, BENCH_ADMIN.username, BENCH_ADMIN.password),
      agent: await adminLogin(server.base, BENCH_AGENT.username, BENCH_AGENT.password),
    };
    // Warm every scenario's code path once before measuring any (the server's JIT, each connection's
    // prepared statements): measured alone, the first scenario paid for the cold start (U1 p99 88–127 ms
    // with two workers where its p50 was 25).
    for (const [, , path, body, who] of SCENARIOS) await apiRun(`${server.base}${path}`, body, tokens[who], 1);
    for (const [id, label, path, body, who] of SCENARIOS) {
      // a sanity call: the API answers status 0, and what it found
      const check = await (
        await fetch(`${server.base}${path}`, {
          method: 'POST',
          headers: { admintoken: tokens[who], 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json();
      if (check.status !== 0) throw new Error(`${id}: ${check.msg}`);
      const query = await statementOf(db, path, body, who);
      await apiRun(`${server.base}${path}`, body, tokens[who], 2); // warm-up
      const api = await apiRun(`${server.base}${path}`, body, tokens[who], duration);
      await rawRun(pool, query, 2); // warm-up
      const raw = await rawRun(pool, query, duration);
      const row = { id, label, total: check.data.total, rows: check.data.list.length, api, raw, ratio: +(api.rps / raw.rps).toFixed(2) };
      results.push(row);
      console.log(
        `${id} ${label}: total ${row.total} | API ${api.rps} req/s p50 ${api.p50} p99 ${api.p99} ms (err ${api.errors}) | SQL ${raw.rps} q/s p50 ${raw.p50} p99 ${raw.p99} ms | API/SQL ${row.ratio}`,
      );
    }
  } finally {
    await pool.end();
    await server.stop();
  }
  console.log(
    `\n${connections} connections, ${duration} s per run, pool ${POOL} (server: ${WORKERS} worker${WORKERS > 1 ? 's' : ''} × ${WORKER_POOL}, of which ${LIST_CONNECTIONS} pipelined for the lists); ${os.cpus().length} CPUs (${os.cpus()[0]?.model}), load average ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}\n`,
  );
  console.log('| # | query | total | API req/s | API p50 ms | API p99 ms | SQL q/s | SQL p50 ms | SQL p99 ms | API / SQL |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of results) {
    console.log(
      `| ${r.id} | ${r.label} | ${r.total.toLocaleString('en-US')} | ${r.api.rps} | ${r.api.p50} | ${r.api.p99} | ${r.raw.rps} | ${r.raw.p50} | ${r.raw.p99} | ${Math.round(r.ratio * 100)} % |`,
    );
  }
  // The API runs the plain client's statement behind HTTP on as many connections, so at the same
  // concurrency its latency cannot be lower than the plain client's: where that misses the p99 target,
  // the machine does, not the API.
  const count = (f) => results.filter(f).length;
  const n = results.length;
  console.log(
    `\ntargets: API p99 ≤ 50 ms on ${count((r) => r.api.p99 <= 50)} of ${n} (plain client's own p99 ≤ 50 ms on ${count((r) => r.raw.p99 <= 50)} of ${n}); API ≥ 50 % of the plain client's throughput on ${count((r) => r.ratio >= 0.5)} of ${n}`,
  );
}

await main();
