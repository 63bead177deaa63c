// A year of history of a large platform (issue 51), on PostgreSQL: built through the real schema by set-based SQL
// (seed.sql, ledger-consistent), every day of it closed through the real server, then measured:
//   L   every big console list — first page, filtered pages (a user, an agent, a status, a month), a deep page (1,000 or
//       the last) — p99 over `--requests` requests each, one at a time as an operator's console asks;
//   A   the workplace, the analysis page over 7, 30 and 92 days (the longest range it offers) and its breakdown by tier,
//       a closed day's statement;
//   E   the CSV export of a week and of a month of fund records (time, bytes, the server's memory meanwhile);
//   J   the jobs over the year: each day's close (median and slowest), force-close sweep, deferral fees, layering
//       recompute, session clean-up, log partitions;
//   V   ledger:verify, full and from the last close; the database's size and its growth per simulated day; pg_dump and
//       pg_restore into an empty database.
// Each figure is the median and range of `--runs` runs.
//
// Usage (repository root): node --import tsx bench/year/run.mjs [--scale 1] [--days 365] [--runs 3] [--requests 50]
//   --scale 1: 200,000 users, 2,000 agents, 20.8 M fund records, 5.2 M positions and as many orders, 10 M
//   operation-log and 10 M sign-in rows; --scale 0.01 is 1 % of each (the days stay 365 unless --days says otherwise).
//   --reuse: measure the schema the last run built and closed (no build, no closes) — after a change to the code.
//   --close-last N: close only the last N days of the year, in order (default: every day when building, none with
//   --reuse); a platform closes yesterday each night, and closing a built year's early days first reads nearly all of
//   it (≈ an hour at scale 1).
//   --heavy-runs N: runs of the whole-database figures (full ledger:verify, pg_dump, pg_restore; default --runs).
//   --only REGEX: only the lists' and reads' figures whose label matches (printed as measured), nothing else.
// Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test). Schema bench_year. Ports 18470-18471.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { verifySinceClose } from '../../apps/server/src/modules/close/index.ts';
import { verifyLedger } from '../../apps/server/src/modules/fundrecords/index.ts';
import { adminLogin, freshSchema, startServer } from '../lib/server.mjs';
import { percentile } from '../lib/stats.mjs';
import { SUPER, seedYear, yearParams } from './seed.mjs';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    days: { type: 'string', default: '365' },
    runs: { type: 'string', default: '3' },
    requests: { type: 'string', default: '50' },
    // measure the schema a previous run built (after a change to the code: its new migrations run at start)
    reuse: { type: 'boolean', default: false },
    'close-last': { type: 'string' },
    'heavy-runs': { type: 'string' },
    // only the lists' and reads' figures whose label matches (after a fix to one of them): no export, job or check
    only: { type: 'string' },
  },
});
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SCALE = Number(values.scale);
const DAYS = Number(values.days);
const RUNS = Number(values.runs);
const REQUESTS = Number(values.requests);
const CLOSE_DAYS = values['close-last'] != null ? Number(values['close-last']) : values.reuse ? 0 : DAYS;
const HEAVY_RUNS = values['heavy-runs'] != null ? Number(values['heavy-runs']) : RUNS;
const ONLY = values.only ? new RegExp(values.only) : null;
const P = yearParams(SCALE, DAYS);
const STAFF = { username: 'agent2staff', password: 'bench-staff-1' };

/** A process's resident memory in bytes (Linux: /proc), 0 when it cannot be read. */
const rssOf = (pid) => {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const range = (xs) => `${Math.min(...xs)}–${Math.max(...xs)}`;
const fig = (xs, unit = 'ms') => `${median(xs)} ${unit} (${range(xs)})`;
const ms = (t) => Math.round(Number(process.hrtime.bigint() - t) / 1e6);
const dayOf = (t) => new Date(t.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
const daysAgo = (n) => dayOf(new Date(Date.now() - n * 86_400_000));

/** Bytes of the schema's tables and indexes. */
async function sizeOf(url) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const { rows } = await c.query(
    `SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint AS b FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'm')`,
  );
  await c.end();
  return Number(rows[0].b);
}

function caller(base, token) {
  return async (p, body) => {
    const r = await fetch(`${base}${p}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', admintoken: token, lang: 'en-US' },
      body: JSON.stringify(body),
    });
    const b = await r.json();
    if (b.status !== 0) throw new Error(`${p} ${JSON.stringify(body)}: ${b.msg}`);
    return b.data;
  };
}

/** p99 of `n` requests one after another (the first not counted: plans cached, pages warm). */
async function p99Of(call, p, body, n = REQUESTS) {
  await call(p, body);
  const times = [];
  for (let i = 0; i < n; i++) {
    const t = process.hrtime.bigint();
    await call(p, body);
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  times.sort((a, b) => a - b);
  return Math.round(percentile(times, 99) * 10) / 10;
}

async function main() {
  console.log(`bench/year at scale ${SCALE}: ${JSON.stringify(P)}`);
  let url;
  let empty = 0;
  let seeded;
  const closes = [];
  if (values.reuse) {
    const u = new URL(PG_URL);
    u.searchParams.set('options', '-c search_path=bench_year');
    url = u.toString();
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const counts = {};
    for (const table of ['users', 'agents', 'fund_records', 'positions', 'orders', 'operation_log', 'login_log'])
      counts[table] = Number((await c.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
    await c.end();
    seeded = { built: 0, sealed: 0, vacuumed: 0, counts };
    console.log('reusing bench_year:', counts);
  } else {
    ({ url } = await freshSchema(PG_URL, 'bench_year'));
    const migrate = await startServer({ port: 18470, env: { DATABASE_URL: url, SEED_DEMO: 'false', JOBS_ENABLED: 'false' } });
    await migrate.stop();
    empty = await sizeOf(url);
    seeded = await seedYear(url, P);
    console.log(`seeded in ${seeded.built} ms, operation log sealed in ${seeded.sealed} ms, vacuum ${seeded.vacuumed} ms:`, seeded.counts);
  }
  const server = await startServer({ port: 18471, env: { DATABASE_URL: url, SEED_DEMO: 'false', JOBS_ENABLED: 'false' } });
  try {
    // one sign-in for the whole run: a second one would end this session (one session per administrator)
    const token = await adminLogin(server.base, SUPER.username, SUPER.password);
    const call = caller(server.base, token);
    // agent staff of the second top-level agent (a twentieth of the agents are top level: its subtree has 1 % of the
    // users; the first's subtree has none, as the seed places users), for the reads scoped to their subtree
    {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(
        `INSERT INTO admins (username, name, password_hash, role_id, agent_id)
         SELECT $1, 'Bench agent staff', $2, r.id, 2 FROM admin_roles r WHERE r.code = 'agent'
         ON CONFLICT DO NOTHING`,
        [STAFF.username, await hash(STAFF.password)],
      );
      await c.end();
    }
    const staffCall = caller(server.base, await adminLogin(server.base, STAFF.username, STAFF.password));
    // J: every day of the year closed in order, as the daily-close job would have
    for (let d = CLOSE_DAYS; d >= 1; d--) {
      const t = process.hrtime.bigint();
      const s = await call('/admin/close/run.do', { day: daysAgo(d) });
      closes.push(ms(t));
      if (!s.checks.balanced || !s.checks.positionsAgree) throw new Error(`${daysAgo(d)} does not balance: ${JSON.stringify(s.checks)}`);
    }
    const size = await sizeOf(url);
    const lastDay = daysAgo(1);
    const month = { beginTime: `${daysAgo(40)} 00:00:00`, endTime: `${daysAgo(10)} 23:59:59` };
    const someUser = Math.ceil(P.users / 3);
    const someAgent = Math.ceil(P.agents / 2);
    const lists = [
      ['users', '/admin/user/list.do', [{}, { agentId: 1 + Math.floor(P.agents / 40) }, { realState: 2, accountType: 0 }]],
      ['fund records', '/admin/cash/list.do', [{}, { userId: someUser }, { agentId: someAgent }, { type: 'recharge', ...month }]],
      [
        'positions',
        '/admin/position/list.do',
        [{}, { userId: someUser }, { agentId: someAgent }, { status: 'closed', startTime: month.beginTime, endTime: month.endTime }],
      ],
      [
        'orders',
        '/admin/order/list.do',
        [
          {},
          { userId: someUser },
          { agentId: someAgent },
          { kind: 'buy', status: 'approved', startTime: month.beginTime, endTime: month.endTime },
        ],
      ],
      ['operation log', '/admin/log/operationList.do', [{}, { adminId: 7 }, { result: 'fail', ...month }]],
      ['sign-in log', '/admin/log/loginList.do', [{}, { username: 'op7' }, { result: 'bad_password', ...month }]],
    ];
    // each figure printed as it is measured too: a run of an hour that fails late keeps what it measured
    const rows = [];
    const push = rows.push.bind(rows);
    rows.push = (...xs) => {
      for (const [label, value, target, met] of xs) console.log(`  ${label}: ${value} (${target}${met ? '' : ', missed'})`);
      return push(...xs);
    };
    for (const [name, p, filters] of lists) {
      const first = await call(p, { pageNum: 1, pageSize: 10 });
      const deep = Math.max(1, Math.min(1000, Math.ceil(Number(first.total ?? 0) / 10)));
      const cases = [
        ['first page', { pageNum: 1, pageSize: 10 }, 100],
        ...filters.slice(1).map((f) => [`filtered ${JSON.stringify(f)}`, { pageNum: 1, pageSize: 10, ...f }, 100]),
        [`page ${deep}`, { pageNum: deep, pageSize: 10 }, 300],
      ];
      for (const [label, body, target] of cases) {
        if (ONLY && !ONLY.test(`L ${name}: ${label}`)) continue;
        const xs = [];
        for (let r = 0; r < RUNS; r++) xs.push(await p99Of(call, p, body));
        rows.push([`L ${name}: ${label}`, fig(xs), `≤ ${target} ms`, median(xs) <= target]);
      }
    }
    const reads = [
      ['A workplace', '/admin/dashboard/workplace.do', {}, 100],
      ['A analysis, 7 days', '/admin/dashboard/analysis.do', { range: '7d' }, 500],
      ['A analysis, 30 days', '/admin/dashboard/analysis.do', { range: '30d' }, 500],
      [
        'A analysis, 92 days (its longest)',
        '/admin/dashboard/analysis.do',
        { range: 'custom', startDay: daysAgo(92), endDay: daysAgo(1) },
        500,
      ],
      ['A analysis by tier, 7 days (the page asks it after the rest)', '/admin/dashboard/analysis.do', { range: '7d', tiers: true }, 500],
      [
        'A analysis by tier, 92 days (the page asks it after the rest)',
        '/admin/dashboard/analysis.do',
        { range: 'custom', startDay: daysAgo(92), endDay: daysAgo(1), tiers: true },
        500,
      ],
      [
        'A analysis by tier, 92 days, as agent staff (a top-level agent)',
        '/admin/dashboard/analysis.do',
        { range: 'custom', startDay: daysAgo(92), endDay: daysAgo(1), tiers: true },
        500,
        staffCall,
      ],
      [
        'A analysis, 92 days, as agent staff',
        '/admin/dashboard/analysis.do',
        { range: 'custom', startDay: daysAgo(92), endDay: daysAgo(1) },
        500,
        staffCall,
      ],
      ['A a closed day’s statement', '/admin/close/detail.do', { day: lastDay }, 100],
    ];
    for (const [label, p, body, target, as = call] of reads) {
      if (ONLY && !ONLY.test(label)) continue;
      const xs = [];
      for (let r = 0; r < RUNS; r++) xs.push(await p99Of(as, p, body, Math.min(REQUESTS, 20)));
      rows.push([`${label} p99`, fig(xs), `≤ ${target} ms`, median(xs) <= target]);
    }
    if (ONLY) return;
    // E: a week's and a month's fund records as CSV, read to the end, with the server's resident memory sampled
    // meanwhile: streamed in keyset batches, a longer range must not take memory in proportion
    const week = { beginTime: `${daysAgo(16)} 00:00:00`, endTime: `${daysAgo(10)} 23:59:59` };
    const quarter = { beginTime: `${daysAgo(100)} 00:00:00`, endTime: `${daysAgo(10)} 23:59:59` };
    for (const [label, range] of [
      ['a week', week],
      ['a month', month],
      ['three months', quarter],
    ]) {
      const exports = [];
      const grown = [];
      let bytes = 0;
      for (let r = 0; r < RUNS; r++) {
        const before = rssOf(server.pid);
        let peak = before;
        const sampler = setInterval(() => (peak = Math.max(peak, rssOf(server.pid))), 20);
        const t = process.hrtime.bigint();
        const res = await fetch(`${server.base}/admin/cash/export.do`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', admintoken: token },
          body: JSON.stringify(range),
        });
        bytes = (await res.arrayBuffer()).byteLength;
        exports.push(ms(t));
        clearInterval(sampler);
        grown.push(Math.round((peak - before) / 1e6));
      }
      rows.push([`E CSV export of ${label} of fund records (${(bytes / 1e6).toFixed(1)} MB)`, fig(exports), '—', true]);
      rows.push([`E the server's resident memory during the export of ${label}, above before`, fig(grown, 'MB'), 'constant', true]);
    }
    // J: the jobs, through the task page's run
    if (closes.length)
      rows.push([
        `J a day's close (the last ${CLOSE_DAYS} days closed in order; median of the days)`,
        `${median(closes)} ms (slowest ${Math.max(...closes)})`,
        '≤ 60,000 ms',
        Math.max(...closes) <= 60_000,
      ]);
    for (const key of ['trading-force-close', 'trading-deferral', 'layering-recompute', 'session-cleanup', 'log-partitions']) {
      const xs = [];
      for (let r = 0; r < RUNS; r++) {
        const t = process.hrtime.bigint();
        await call('/admin/task/run.do', { key });
        xs.push(ms(t));
      }
      rows.push([`J job ${key}`, fig(xs), '≤ 60,000 ms', median(xs) <= 60_000]);
    }
    // a twentieth of the users change tier in one statement (as the recompute after a lowered threshold, or a tier
    // removed): the tier summary takes each one's whole history along (tier_stats, 0454); moved back untimed
    {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      const movers = `SELECT id FROM users WHERE layering_id IS NULL AND NOT layering_pinned ORDER BY id LIMIT ${Math.max(1, Math.round(P.users / 20))}`;
      const ids = (await c.query(movers)).rows.map((r) => Number(r.id));
      const xs = [];
      for (let r = 0; r < RUNS; r++) {
        const t = process.hrtime.bigint();
        await c.query('UPDATE users SET layering_id = 2 WHERE id = ANY($1::int[])', [ids]);
        xs.push(ms(t));
        await c.query('UPDATE users SET layering_id = NULL WHERE id = ANY($1::int[])', [ids]);
      }
      await c.end();
      rows.push([
        `J ${ids.length.toLocaleString('en')} users change tier in one statement (their history moves)`,
        fig(xs),
        '≤ 60,000 ms',
        median(xs) <= 60_000,
      ]);
    }
    // V: the ledger proved, whole and from the last close (in this process: the checks themselves, not a CLI's start)
    // no read timeout, as the verifying commands open it (cli/open-checked.ts): a whole year is read
    const database = await openDatabase({ databaseUrl: url, poolSize: 2, listConnections: 0, queryTimeoutMs: 0 });
    try {
      for (const [label, check, target, runs] of [
        ['V ledger:verify, full', () => verifyLedger(database.db), null, HEAVY_RUNS],
        ['V ledger:verify --since-close', () => verifySinceClose(database.db), 30_000, RUNS],
      ]) {
        const xs = [];
        for (let r = 0; r < runs; r++) {
          const t = process.hrtime.bigint();
          const report = await check();
          if (!report.ok) throw new Error(`${label} failed: ${JSON.stringify(report.offenders.slice(0, 3))}`);
          xs.push(ms(t));
        }
        rows.push([label, fig(xs), target ? `≤ ${target.toLocaleString('en')} ms` : '—', target ? median(xs) <= target : true]);
      }
    } finally {
      await database.close();
    }
    const dump = [];
    const file = path.join(os.tmpdir(), 'bench_year.dump');
    for (let r = 0; r < HEAVY_RUNS; r++) {
      const t = process.hrtime.bigint();
      execFileSync('pg_dump', ['-Fc', '-Z', '1', '-n', 'bench_year', '-f', file, PG_URL.replace(/\?.*$/, '')]);
      dump.push(ms(t));
    }
    rows.push([`V pg_dump -Fc of the schema (${(fs.statSync(file).size / 1e6).toFixed(0)} MB)`, fig(dump), '—', true]);
    // the dump restored into a database of its own (what a recovery waits for)
    const restore = [];
    const admin = PG_URL.replace(/\?.*$/, '');
    const target = admin.replace(/\/[^/]*$/, '/bench_year_restore');
    for (let r = 0; r < HEAVY_RUNS; r++) {
      execFileSync('psql', [admin, '-qc', 'DROP DATABASE IF EXISTS bench_year_restore']);
      execFileSync('psql', [admin, '-qc', 'CREATE DATABASE bench_year_restore']);
      const t = process.hrtime.bigint();
      execFileSync('pg_restore', ['--no-owner', '-d', target, file]);
      restore.push(ms(t));
    }
    execFileSync('psql', [admin, '-qc', 'DROP DATABASE IF EXISTS bench_year_restore']);
    rows.push(['V pg_restore of that dump into an empty database', fig(restore), '—', true]);
    fs.rmSync(file, { force: true });
    rows.push([
      `V database size after the year (tables and indexes${values.reuse ? ', with the empty schema' : ''})`,
      `${((size - empty) / 1e9).toFixed(2)} GB`,
      `${((size - empty) / DAYS / 1e6).toFixed(1)} MB per simulated day`,
      true,
    ]);

    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    console.log(
      `\n${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} × ${os.cpus()[0]?.model}, Node ${process.version}, commit ${commit}`,
    );
    console.log(
      `scale ${SCALE}: ${Object.entries(seeded.counts)
        .map(([k, v]) => `${k} ${v.toLocaleString('en')}`)
        .join(', ')}`,
    );
    if (!values.reuse)
      console.log(
        `built in ${(seeded.built / 1000).toFixed(0)} s (+ sealing ${(seeded.sealed / 1000).toFixed(0)} s), ${closes.length} closes in ${(closes.reduce((a, b) => a + b, 0) / 1000).toFixed(0)} s`,
      );
    console.log(
      `| figure (median and range of ${RUNS} runs${HEAVY_RUNS !== RUNS ? `; the whole-database ones ${HEAVY_RUNS}` : ''}) | value | target | met |\n|---|---|---|---|`,
    );
    for (const [label, value, target, met] of rows) console.log(`| ${label} | ${value} | ${target} | ${met ? 'yes' : '**no**'} |`);
  } finally {
    await server.stop();
  }
}

await main();
