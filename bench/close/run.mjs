// The daily close under a year's volume (issue 50), on PostgreSQL:
//   C1  closing a day of `--movements` fund records (default 1,000,000: deposits, withdrawals and their fees, buy
//       fees, spreads, deferral fees, adjustments, agents' commissions over `--users` users) through the real server
//       (/admin/close/run.do), the day before already closed (the chain, the checkpoint): the statement computed and
//       checked, the checkpoint moved forward, everything stored. Each run puts the day back open first.
//   C2  the statement of that closed day (/admin/close/detail.do), `--connections` keep-alive connections for
//       `--duration` seconds: it is stored, not recomputed.
// Usage (repository root): node bench/close/run.mjs [--movements 1000000] [--users 100000] [--runs 3] [--duration 10]
// Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test). Schema bench_close. Ports 18460-18461.
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { httpLoad } from '../lib/load.mjs';
import { adminLogin, startServer } from '../lib/server.mjs';
import { BENCH_ADMIN, schemaWithUsers } from '../lib/users.mjs';

const { values } = parseArgs({
  options: {
    movements: { type: 'string', default: '1000000' },
    users: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '3' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
  },
});
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const MOVES = Number(values.movements);
const USERS = Number(values.users);
const RUNS = Number(values.runs);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const range = (xs) => `${Math.min(...xs)}–${Math.max(...xs)}`;
const dayOf = (t) => new Date(t.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
const yesterday = dayOf(new Date(Date.now() - 86_400_000));
const before = dayOf(new Date(Date.now() - 2 * 86_400_000));
const startOf = (day) => `${day}T00:00:00+08:00`;

/**
 * The day's records, ledger-consistent: each record's after-balances are its owner's balance plus the running sum of
 * its records, and the owners' balances move by the same sums, so that the statement balances. Kinds in the
 * proportions of a trading day; commissions go to the users' agents.
 */
async function seedDay(c) {
  const t0 = Date.now();
  await c.query(`SET work_mem = '512MB'; SET synchronous_commit = off`);
  await c.query('BEGIN');
  const { rows } = await c.query(`SELECT min(id) AS lo, max(id) AS hi FROM users WHERE account_type = 0`);
  const [lo, hi] = [Number(rows[0].lo), Number(rows[0].hi)];
  const span = hi - lo + 1;
  await c.query(`
    CREATE TEMP TABLE day_moves ON COMMIT DROP AS
    SELECT i, ${lo} + (((i * 2654435761) % 4294967296) % ${span}) AS user_id,
           CASE i % 20 WHEN 0 THEN 'recharge' WHEN 1 THEN 'recharge' WHEN 2 THEN 'withdraw' WHEN 3 THEN 'withdraw_fee'
                       WHEN 4 THEN 'manual_credit' WHEN 5 THEN 'deferral_fee' WHEN 6 THEN 'agent_commission'
                       WHEN 7 THEN 'fee' ELSE 'fee' END AS type,
           CASE WHEN i % 20 = 7 THEN 'spread' END AS note,
           (CASE i % 20 WHEN 0 THEN 3000 WHEN 1 THEN 8000 WHEN 2 THEN -150 WHEN 3 THEN -2 WHEN 4 THEN 500
                        WHEN 5 THEN -6 WHEN 6 THEN 3 ELSE -15 END + (i % 100) / 100.0)::numeric(20, 2) AS amount,
           timestamptz '${startOf(yesterday)}' + ((i % 86399) || ' seconds')::interval AS at
    FROM generate_series(1, ${MOVES}) AS i`);
  // users' records, their running balances from the balance before
  await c.query(`
    INSERT INTO fund_records (user_id, owner_agent_id, type, amount, equity_delta, enable_delta, frozen_delta,
                              user_amt_after, enable_amt_after, frozen_amt_after, note, created_at)
    SELECT m.user_id, u.agent_id, m.type, m.amount, m.amount, m.amount, 0,
           u.user_amt + sum(m.amount) OVER w, u.enable_amt + sum(m.amount) OVER w, u.frozen_amt, m.note, m.at
    FROM day_moves m JOIN users u ON u.id = m.user_id WHERE m.type <> 'agent_commission'
    WINDOW w AS (PARTITION BY m.user_id ORDER BY m.at, m.i)`);
  await c.query(`
    UPDATE users u SET user_amt = u.user_amt + s.v, enable_amt = u.enable_amt + s.v
    FROM (SELECT user_id, sum(amount) AS v FROM day_moves WHERE type <> 'agent_commission' GROUP BY 1) s WHERE u.id = s.user_id`);
  // agents' commissions on their users' fees
  await c.query(`
    INSERT INTO fund_records (agent_id, owner_agent_id, type, amount, equity_delta, enable_delta, frozen_delta,
                              user_amt_after, enable_amt_after, frozen_amt_after, note, created_at)
    SELECT u.agent_id, u.agent_id, 'agent_commission', m.amount, m.amount, m.amount, 0,
           a.balance + sum(m.amount) OVER w, a.balance + sum(m.amount) OVER w, 0, 'buy fee commission', m.at
    FROM day_moves m JOIN users u ON u.id = m.user_id JOIN agents a ON a.id = u.agent_id
    WHERE m.type = 'agent_commission'
    WINDOW w AS (PARTITION BY u.agent_id ORDER BY m.at, m.i)`);
  await c.query(`
    UPDATE agents a SET balance = a.balance + s.v
    FROM (SELECT u.agent_id, sum(m.amount) AS v FROM day_moves m JOIN users u ON u.id = m.user_id
          WHERE m.type = 'agent_commission' GROUP BY 1) s WHERE a.id = s.agent_id`);
  await c.query('COMMIT');
  await c.query('VACUUM ANALYZE fund_records');
  const n = (
    await c.query(`SELECT count(*)::int AS n FROM fund_records WHERE created_at >= $1 AND created_at < $2`, [
      startOf(yesterday),
      startOf(dayOf(new Date())),
    ])
  ).rows[0].n;
  return { records: n, ms: Date.now() - t0 };
}

async function call(base, token, path, body) {
  const r = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', admintoken: token, lang: 'en-US' },
    body: JSON.stringify(body),
  });
  const b = await r.json();
  if (b.status !== 0) throw new Error(`${path}: ${b.msg}`);
  return b.data;
}

async function main() {
  const url = await schemaWithUsers(PG_URL, 'bench_close', USERS, 18460);
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const seeded = await seedDay(c);
  console.log(`seeded: ${seeded.records} records on ${yesterday} over ${USERS} users in ${seeded.ms} ms`);
  const server = await startServer({ port: 18461, env: { DATABASE_URL: url, SEED_DEMO: 'false', JOBS_ENABLED: 'false' } });
  try {
    const token = await adminLogin(server.base, BENCH_ADMIN.username, BENCH_ADMIN.password);
    // the day before: closed once, kept as each run's starting point (its stored closing, the checkpoint)
    await call(server.base, token, '/admin/close/run.do', { day: before });
    await c.query(`DROP TABLE IF EXISTS bench_balances; CREATE TABLE bench_balances AS SELECT * FROM close_balances`);
    await c.query(`DROP TABLE IF EXISTS bench_head; CREATE TABLE bench_head AS SELECT * FROM close_head`);
    const closes = [];
    let statement;
    for (let r = 0; r < RUNS; r++) {
      await c.query(`BEGIN; DELETE FROM daily_closes WHERE day = '${yesterday}'::date; DELETE FROM close_balances; INSERT INTO close_balances SELECT * FROM bench_balances;
                     DELETE FROM close_head; INSERT INTO close_head SELECT * FROM bench_head; COMMIT`);
      await c.query('CHECKPOINT');
      const t = process.hrtime.bigint();
      statement = await call(server.base, token, '/admin/close/run.do', { day: yesterday });
      closes.push(Math.round(Number(process.hrtime.bigint() - t) / 1e6));
      console.log(`C1 run ${r + 1}: ${closes.at(-1)} ms (balanced: ${statement.checks.balanced}, records ${statement.checks.records})`);
      if (!statement.checks.balanced) throw new Error('the closed day does not balance: the benchmark measured a wrong close');
    }
    const reads = [];
    for (let r = 0; r < RUNS; r++) {
      const x = await httpLoad({
        url: `${server.base}/admin/close/detail.do`,
        method: 'POST',
        headers: { 'content-type': 'application/json', admintoken: token, lang: 'en-US' },
        body: JSON.stringify({ day: yesterday }),
        connections: Number(values.connections),
        duration: Number(values.duration),
      });
      if (x.errors) throw new Error(`C2: ${x.errors} errors`);
      reads.push(x);
      console.log(`C2 run ${r + 1}: ${x.rps} req/s, p50 ${x.p50} ms, p99 ${x.p99} ms (${x.tool})`);
    }
    // C3: what the closed-day guard (a BEFORE trigger on fund_records) adds to each posting: 20,000 single-row
    // inserts with it and without it, interleaved, each batch rolled back (with the triggers' state)
    const guard = { on: [], off: [] };
    const someone = Number((await c.query('SELECT min(id) AS id FROM users')).rows[0].id);
    for (let r = 0; r < RUNS; r++) {
      for (const mode of ['on', 'off']) {
        await c.query('BEGIN');
        // the statistics triggers off in both, so that the difference is the guard's alone
        await c.query('ALTER TABLE fund_records DISABLE TRIGGER USER');
        if (mode === 'on') await c.query('ALTER TABLE fund_records ENABLE TRIGGER fund_records_after_close');
        const t = process.hrtime.bigint();
        await c.query(`DO $$ BEGIN FOR i IN 1..20000 LOOP
          INSERT INTO fund_records (user_id, type, amount, user_amt_after, enable_amt_after, frozen_amt_after)
          VALUES (${someone}, 'manual_credit', 1, 0, 0, 0); END LOOP; END $$`);
        guard[mode].push(Number(process.hrtime.bigint() - t) / 1e6 / 20000);
        await c.query('ROLLBACK');
      }
    }
    const perRow = guard.on.map((x, i) => +((x - guard.off[i]) * 1000).toFixed(1));
    console.log(`C3 guard per insert: ${perRow.join(', ')} µs (with ${guard.on.map((x) => (x * 1000).toFixed(0)).join(', ')} µs)`);
    const p99 = reads.map((x) => x.p99);
    console.log(`\n${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} × ${os.cpus()[0]?.model}, Node ${process.version}`);
    console.log(`| figure (median and range of ${RUNS} runs) | value | target |`);
    console.log(`|---|---|---|`);
    console.log(
      `| C1 close a day of ${seeded.records.toLocaleString('en')} movements | ${median(closes)} ms (${range(closes)}) | ≤ 30,000 ms |`,
    );
    console.log(`| C2 closed day's statement p99, ${values.connections} connections | ${median(p99)} ms (${range(p99)}) | ≤ 100 ms |`);
    console.log(`| C2 throughput | ${median(reads.map((x) => x.rps))} req/s | — |`);
    console.log(`| C3 the closed-day guard's cost per posted record | ${median(perRow)} µs (${range(perRow)}) | — |`);
  } finally {
    await server.stop();
    await c.end();
  }
}

await main();
