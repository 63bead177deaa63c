// The dashboard at scale (issue 25), on the user-list benchmark's PostgreSQL schema (1,000,000 users and
// 5,000,000 fund records; seeded by bench/user-list/seed.mjs when missing):
//   N1  /admin/dashboard/analysis.do, 30 days by day (inside the seed's deposits), as the platform admin (every agent);
//   N2  the same as agent staff (agent 2's subtree);
//   N3  the same by hour over 7 of those days, as the platform admin;
//   N4  /admin/dashboard/workplace.do as the platform admin.
// Each at 10 connections for --duration seconds, --runs times; median and range of the p99s.
// Usage: node --import tsx bench/analysis/run.mjs [--duration 10] [--connections 10] [--runs 3]
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { httpLoad } from '../lib/load.mjs';
import { adminLogin, startServer } from '../lib/server.mjs';
import { BENCH_ADMIN, BENCH_AGENT, PG_URL, SCHEMA, schemaUrl, seed } from '../user-list/seed.mjs';
import { drained as drainedAt } from '../lib/drained.mjs';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    runs: { type: 'string', default: '3' },
    // the user-list benchmark's data set; a smaller one for a smoke run (bench/smoke.mjs)
    users: { type: 'string', default: '1000000' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const RUNS = Number(values.runs);
// The seed's deposits fall in 2024-01-01 … 2024-03-10 (about 13,000 a day): thirty days inside them, so that every
// figure has data to sum (the last thirty days of the calendar would have none).
const MONTH = { range: 'custom', startDay: '2024-02-01', endDay: '2024-03-01', bucket: 'day' };
const WEEK_BY_HOUR = { range: 'custom', startDay: '2024-02-20', endDay: '2024-02-26', bucket: 'hour' };
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const range = (xs) => `${Math.min(...xs)}–${Math.max(...xs)}`;

const c0 = new pg.Client({ connectionString: PG_URL });
await c0.connect();
const { rows } = await c0.query(`SELECT to_regclass($1) AS t`, [`${SCHEMA}.users`]);
const users = rows[0].t ? Number((await c0.query(`SELECT count(*) AS n FROM "${SCHEMA}".users`)).rows[0].n) : 0;
const span = rows[0].t
  ? (await c0.query(`SELECT min(created_at)::date AS a, max(created_at)::date AS b FROM "${SCHEMA}".fund_records`)).rows[0]
  : null;
await c0.end();
if (users < Number(values.users)) await seed(Number(values.users));

const drained = () => drainedAt(PG_URL);

const server = await startServer({ port: 18321, env: { DATABASE_URL: schemaUrl(), SEED_DEMO: 'false', JOBS_ENABLED: 'false' } });
const out = { N1: [], N2: [], N3: [], N4: [] };
try {
  const admin = await adminLogin(server.base, BENCH_ADMIN.username, BENCH_ADMIN.password);
  const agent = await adminLogin(server.base, BENCH_AGENT.username, BENCH_AGENT.password);
  const cases = {
    N1: { path: '/admin/dashboard/analysis.do', token: admin, body: MONTH },
    N2: { path: '/admin/dashboard/analysis.do', token: agent, body: MONTH },
    N3: { path: '/admin/dashboard/analysis.do', token: admin, body: WEEK_BY_HOUR },
    N4: { path: '/admin/dashboard/workplace.do', token: admin, body: {} },
  };
  for (const [k, c] of Object.entries(cases)) {
    const r = await fetch(`${server.base}${c.path}`, {
      method: 'POST',
      headers: { admintoken: c.token, 'content-type': 'application/json' },
      body: JSON.stringify(c.body),
    }).then((x) => x.json());
    if (r.status !== 0) throw new Error(`${k}: ${r.msg}`);
    if (k !== 'N4')
      console.log(
        `${k}: ${r.data.series.length} buckets, deposits ${r.data.totals.deposits} (${r.data.totals.depositCount}), ${r.data.byAgent.length} agents, ${r.data.byTier.length} tiers`,
      );
  }
  for (let run = 1; run <= RUNS; run++)
    for (const [k, c] of Object.entries(cases)) {
      await drained();
      const r = await httpLoad({
        url: `${server.base}${c.path}`,
        method: 'POST',
        headers: { admintoken: c.token, 'content-type': 'application/json' },
        body: JSON.stringify(c.body),
        connections,
        duration,
      });
      out[k].push(r);
      console.log(`run ${run} ${k}: ${r.rps} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, errors ${r.errors ?? 0} (${r.tool})`);
    }
} finally {
  await server.stop();
}
const load = os
  .loadavg()
  .map((x) => x.toFixed(1))
  .join(' ');
console.log(
  `\nrecords span ${span ? `${span.a}–${span.b}` : 'fresh seed'}; ${connections} connections, ${duration} s, ${RUNS} runs; ${os.cpus().length} CPUs, load average ${load}\n`,
);
console.log('| figure (median and range of runs) | p99 | req/s | target |');
console.log('|---|---|---|---|');
const label = {
  N1: 'N1 analysis, 30 days by day, admin',
  N2: 'N2 analysis, 30 days by day, agent staff',
  N3: 'N3 analysis, 7 days by hour, admin',
  N4: 'N4 workplace, admin',
};
for (const k of Object.keys(out))
  console.log(
    `| ${label[k]} | ${median(out[k].map((r) => r.p99))} ms (${range(out[k].map((r) => r.p99))}) | ${median(out[k].map((r) => r.rps))} | ${k === 'N4' ? '—' : '≤ 200 ms'} |`,
  );
