// Batch allotment at scale (issue 23): 100,000 subscriptions of one issue allotted from one CSV uploaded to
// `/admin/subscribe/record/batchAllot.do`, on PostgreSQL, then `ledger:verify` over the whole database.
//   A1  a public issue (pay after allotment): the allotment moves no money, only the records and one station
//       message per outcome;
//   A2  a placement (money frozen at application): every record gets less than it applied for, so each has
//       its unallotted money released through the ledger (one fund record each).
// The users (100,000, with deposits: bench/user-list/seed.sql) and the applications are generated in SQL —
// the placements' freezes as fund records with their balances after, so the ledger verifies before the run.
// Usage: node --import tsx bench/subscriptions/run.mjs [--users 100000] [--runs 3]
// Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test). Schema: bench_subscriptions.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { spawnSync } from 'node:child_process';
import pg from 'pg';

/* global FormData, Blob -- Node 20 has both */
import { adminLogin, startServer } from '../lib/server.mjs';
import { BENCH_ADMIN as ADMIN, schemaWithUsers } from '../lib/users.mjs';

const { values } = parseArgs({ options: { users: { type: 'string', default: '100000' }, runs: { type: 'string', default: '3' } } });
const USERS = Number(values.users);
const RUNS = Number(values.runs);
const SCHEMA = 'bench_subscriptions';
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const range = (xs) => `${Math.min(...xs)}–${Math.max(...xs)}`;

/** A fresh schema with the server's tables, USERS users with deposits, and an admin. */
const prepare = () => schemaWithUsers(PG_URL, SCHEMA, Math.ceil(USERS * 1.25), 18311);

/**
 * One issue and one application per user (users with enough free cash), in SQL. A placement's application
 * freezes its money: one subscription_freeze fund record per user, with the balances after it.
 */
async function applications(c, run, type) {
  const code = String(603000 + run * 2 + (type === 'placement' ? 1 : 0));
  const [issue] = (
    await c.query(
      `INSERT INTO newshare_issues (kind, code, name, market, board, issue_price, issue_size, lot_size, max_per_user, subscribe_type,
                                    subscribe_date, allot_date, pay_deadline, listing_date)
       VALUES ('share', $1, $2, 'sh', 'main', 10.00, 1000000000, 100, 10000, $3, current_date, current_date, current_date + 1, current_date + 5)
       RETURNING id`,
      [code, `基准新股${run}${type}`, type],
    )
  ).rows;
  await c.query('BEGIN');
  await c.query(`
    CREATE TEMP TABLE apply_bench ON COMMIT DROP AS
    SELECT u.id AS user_id, u.agent_id, u.user_amt, u.enable_amt, u.frozen_amt,
           'N${run}${type === 'placement' ? 'P' : 'Q'}' || lpad(u.id::text, 10, '0') AS order_no
    FROM users u WHERE u.deleted_at IS NULL AND u.enable_amt >= 10000 ORDER BY u.id LIMIT ${USERS}`);
  // a temporary table has no statistics: without them the joins below ran as nested loops for minutes
  await c.query(`CREATE UNIQUE INDEX ON apply_bench (user_id); ANALYZE apply_bench`);
  await c.query(
    `INSERT INTO newshare_subscriptions (order_no, issue_id, user_id, applied_qty, frozen_amount)
     SELECT order_no, $1, user_id, 1000, ${type === 'placement' ? '10000' : '0'} FROM apply_bench`,
    [issue.id],
  );
  if (type === 'placement') {
    await c.query(`
      INSERT INTO fund_records (user_id, owner_agent_id, type, amount, equity_delta, enable_delta, frozen_delta,
                                user_amt_after, enable_amt_after, frozen_amt_after, reference, note)
      SELECT user_id, agent_id, 'subscription_freeze', -10000, 0, -10000, 10000, user_amt, enable_amt - 10000, frozen_amt + 10000, order_no, 'bench'
      FROM apply_bench ORDER BY user_id`);
    await c.query(
      `UPDATE users u SET enable_amt = u.enable_amt - 10000, frozen_amt = u.frozen_amt + 10000 FROM apply_bench a WHERE u.id = a.user_id`,
    );
  }
  const n = Number((await c.query(`SELECT count(*) AS n FROM apply_bench`)).rows[0].n);
  await c.query('COMMIT');
  const orders = (await c.query(`SELECT order_no FROM newshare_subscriptions WHERE issue_id = $1 ORDER BY id`, [issue.id])).rows;
  // a realistic result file: three in ten allotted (500 of 1,000 applied), the rest not
  const csv = ['orderNo,allotted', ...orders.map((o, k) => `${o.order_no},${k % 10 < 3 ? 500 : 0}`)].join('\n');
  return { issueId: issue.id, n, csv };
}

async function upload(base, token, issueId, csv) {
  const form = new FormData();
  form.set('issueId', String(issueId));
  form.set('file', new Blob([csv], { type: 'text/csv' }), 'allot.csv');
  const t0 = performance.now();
  const r = await fetch(`${base}/admin/subscribe/record/batchAllot.do`, { method: 'POST', headers: { admintoken: token }, body: form });
  const body = await r.json();
  return { ms: Math.round(performance.now() - t0), body };
}

/** `npm run ledger:verify` on the bench schema: exit 0 when every invariant holds. */
function ledgerVerify(url) {
  const t0 = performance.now();
  const r = spawnSync('npm', ['run', '-s', 'ledger:verify'], { cwd: root, env: { ...process.env, DATABASE_URL: url }, encoding: 'utf8' });
  return {
    ms: Math.round(performance.now() - t0),
    ok: r.status === 0,
    out: `${r.stdout}${r.stderr}`.trim().split('\n').slice(-3).join(' | '),
  };
}

const url = await prepare();
const server = await startServer({ port: 18312, env: { DATABASE_URL: url, SEED_DEMO: 'false', JOBS_ENABLED: 'false' } });
const c = new pg.Client({ connectionString: url });
await c.connect();
const out = { A1: [], A2: [] };
try {
  const token = await adminLogin(server.base, ADMIN.username, ADMIN.password);
  for (let run = 1; run <= RUNS; run++) {
    for (const [key, type] of [
      ['A1', 'public'],
      ['A2', 'placement'],
    ]) {
      const { issueId, n, csv } = await applications(c, run, type);
      const { ms, body } = await upload(server.base, token, issueId, csv);
      if (body.status !== 0) throw new Error(`${key}: ${body.msg}`);
      const left = Number(
        (await c.query(`SELECT count(*) AS n FROM newshare_subscriptions WHERE issue_id = $1 AND status = 1`, [issueId])).rows[0].n,
      );
      out[key].push({ ms, n, left, file: csv.length });
      console.log(
        `run ${run} ${key}: ${n} rows (${(csv.length / 1e6).toFixed(1)} MB) allotted in ${ms} ms → ${body.data.allotted} allotted, ${body.data.notAllotted} not; ${left} left pending`,
      );
    }
  }
} finally {
  await c.end();
  await server.stop();
}
const verify = ledgerVerify(url);
console.log(`ledger:verify after the runs: ${verify.ok ? 'passed' : 'FAILED'} in ${verify.ms} ms — ${verify.out}`);
const load = os
  .loadavg()
  .map((x) => x.toFixed(1))
  .join(' ');
console.log(`\n${RUNS} runs, ${os.cpus().length} CPUs (${os.cpus()[0].model.trim()}), load average ${load}\n`);
console.log('| figure (median and range of runs) | result | target |');
console.log('|---|---|---|');
for (const [key, label] of [
  ['A1', 'A1 public issue, 100,000 rows'],
  ['A2', 'A2 placement, 100,000 rows (each releases its unallotted money through the ledger)'],
])
  console.log(`| ${label} | ${median(out[key].map((r) => r.ms))} ms (${range(out[key].map((r) => r.ms))}) | ≤ 30,000 ms |`);
