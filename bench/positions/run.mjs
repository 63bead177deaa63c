// Trading under load (issue 21), on PostgreSQL with 1,000,000 users and 200,000 open positions (seed.mjs):
//   P1  the positions list as agent staff (their subtree, open, sorted by unrealised P/L, first page) at
//       `--connections` through the real server, beside the same SQL (listPositions) from a plain pg pool;
//   B1  buys through the platform API (/app/order/buy.do, every rule checked) from a closed loop of
//       `--connections` keep-alive connections over a few hundred signed-in users: placed orders per second;
//   S1  one force-close sweep (the job, through /admin/task/run.do) over every open position, with 1,000 users
//       arranged past their line for each run.
// Usage (repository root): node --import tsx bench/positions/run.mjs [--duration 10] [--connections 50] [--runs 3]
// Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test). Ports 18400-18409.
import http from 'node:http';
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { DEFAULT_STOCK_RISK } from '@stock-admin/contracts';
import { listPositions } from '../../apps/server/src/modules/trading/lists.ts';
import { createUserSession } from '../../apps/server/src/modules/users/sessions.ts';
import { httpLoad } from '../lib/load.mjs';
import { percentile as pct } from '../lib/stats.mjs';
import { adminLogin, startServer } from '../lib/server.mjs';
import { BENCH_ADMIN, BENCH_AGENT, schemaUrl } from '../user-list/seed.mjs';
import { seedPositions } from './seed.mjs';
import { drained } from '../lib/drained.mjs';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    runs: { type: 'string', default: '3' },
    traders: { type: 'string', default: '300' },
    // the data set (bench/positions/seed.mjs); smaller for a smoke run
    users: { type: 'string', default: '1000000' },
    positions: { type: 'string', default: '200000' },
    // a subset of the figures, e.g. --only B1,S1
    only: { type: 'string', default: 'P1,B1,S1' },
    // writes the server's CPU profile (.cpuprofile) into this folder when it stops
    'cpu-prof': { type: 'string' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const RUNS = Number(values.runs);
const ONLY = new Set(values.only.split(','));
const POOL = Number(process.env.BENCH_POOL ?? 2 * os.cpus().length);
const LIST_BODY = { status: 'open', sortField: 'pnl', sortOrder: 'asc', pageNum: 1, pageSize: 10 };
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const range = (xs) => `${Math.min(...xs)}–${Math.max(...xs)}`;

/** `listPositions` from a plain pool, `connections` workers in a closed loop (the statement the API runs). */
async function rawList(db, principal, seconds) {
  const lat = [];
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < until) {
        const t = process.hrtime.bigint();
        await listPositions(db, principal, LIST_BODY);
        lat.push(Number(process.hrtime.bigint() - t) / 1e6);
      }
    }),
  );
  lat.sort((a, b) => a - b);
  return { rps: Math.round(lat.length / seconds), p50: +pct(lat, 50).toFixed(1), p99: +pct(lat, 99).toFixed(1) };
}

/**
 * Buys from a closed loop of keep-alive connections; each request the next trader, who buys the stock after the one
 * they bought last time (trader t's r-th buy: stock t + r), so that at any moment the traders buy different stocks and
 * each trader's own buys spread over the list, as a trader's do; before 2026-11-26 trader t always bought stock t,
 * 1.7 times a second at B1's rate, and the anti-churn count read hundreds of that trader's buys of it each time.
 */
async function buyLoop(base, tokens, gids, seconds) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const url = new URL('/app/order/buy.do', base);
  const lat = [];
  const statuses = new Map();
  let n = 0;
  const until = Date.now() + seconds * 1000;
  const one = (i) =>
    new Promise((resolve, reject) => {
      const body = JSON.stringify({
        gid: gids[(i + Math.floor(i / tokens.length)) % gids.length],
        shares: 1000,
        leverage: DEFAULT_STOCK_RISK.leverages[i % 5],
        direction: 'long',
      });
      const req = http.request(
        url,
        {
          method: 'POST',
          agent,
          headers: { usertoken: tokens[i % tokens.length], 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => {
            const s = res.statusCode >= 500 ? `http ${res.statusCode}` : JSON.parse(text).msg;
            resolve(JSON.parse(text).status === 0 ? 'ok' : s);
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < until) {
        const i = n++;
        const t = process.hrtime.bigint();
        const s = await one(i).catch((e) => `error ${e.code ?? e.message}`);
        lat.push(Number(process.hrtime.bigint() - t) / 1e6);
        statuses.set(s, (statuses.get(s) ?? 0) + 1);
      }
    }),
  );
  agent.destroy();
  lat.sort((a, b) => a - b);
  return {
    placed: Math.round((statuses.get('ok') ?? 0) / seconds),
    p50: +pct(lat, 50).toFixed(1),
    p99: +pct(lat, 99).toFixed(1),
    statuses,
  };
}

/** 1,000 users with no free cash and a long position bought 30 % above the quote at leverage 10: past their line. */
async function arrangePastLine(pool, round) {
  await pool.query(
    `WITH u AS (SELECT id FROM users WHERE NOT trade_locked ORDER BY id DESC OFFSET $1 LIMIT 1000),
          s AS (SELECT s.id, s.gid, s.code, s.name, q.last FROM stocks s JOIN quotes q ON q.gid = s.gid WHERE s.name LIKE '基准%' LIMIT 1)
     INSERT INTO positions (position_no, user_id, stock_id, gid, code, stock_name, direction, shares, leverage, buy_price, buy_amount, margin, status)
     SELECT 'BX' || $2 || '-' || u.id, u.id, s.id, s.gid, s.code, s.name, 'long', 1000, 10, round(s.last * 1.3, 2),
            round(s.last * 1.3 * 1000, 2), round(s.last * 1.3 * 100, 2), 'open'
     FROM u, s`,
    [round * 1000, `${process.pid}-${round}`],
  );
  // no free cash; equity = held + the margins of open positions, as the ledger keeps it (docs/architecture.md: a
  // close takes a loss beyond the margin from free cash, and refuses to take what equity does not hold)
  await pool.query(
    `UPDATE users u SET enable_amt = 0,
       user_amt = u.frozen_amt + (SELECT coalesce(sum(p.margin), 0) FROM positions p WHERE p.user_id = u.id AND p.status = 'open')
     WHERE u.id IN (SELECT user_id FROM positions WHERE position_no LIKE $1)`,
    [`BX${process.pid}-${round}-%`],
  );
}

async function main() {
  await seedPositions({ users: Number(values.users), positions: Number(values.positions) });
  const pool = new pg.Pool({ connectionString: schemaUrl(), max: POOL });
  const db = drizzle(pool);
  const server = await startServer({
    port: 18400,
    nodeArgs: values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${values['cpu-prof']}`] : [],
    env: {
      DATABASE_URL: schemaUrl(),
      DATABASE_POOL_SIZE: String(POOL),
      SEED_DEMO: 'false',
      JOBS_ENABLED: 'false',
      QUOTE_CLOCK_START: '2026-11-24T10:00:00+08:00',
      QUOTE_INTERVAL_MS: '3000',
    },
  });
  const out = { P1: [], B1: [], S1: [] };
  try {
    const admin = await adminLogin(server.base, BENCH_ADMIN.username, BENCH_ADMIN.password);
    const agentToken = await adminLogin(server.base, BENCH_AGENT.username, BENCH_AGENT.password);
    const call = async (path, body, token = admin) =>
      (
        await fetch(`${server.base}${path}`, {
          method: 'POST',
          headers: { admintoken: token, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json();
    // every rule stays on; only the anti-churn limits are opened so that one trader may buy often
    const cur = (await call('/admin/risk/stock/get.do', {})).data;
    const saved = await call('/admin/risk/stock/update.do', {
      ...DEFAULT_STOCK_RISK,
      minHoldMinutes: 0,
      maxBuysInWindow: 1000,
      version: cur.version,
    });
    if (saved.status !== 0) throw new Error(`risk settings: ${saved.msg}`);
    const gids = (await pool.query(`SELECT gid FROM stocks WHERE name LIKE '基准%' ORDER BY id`)).rows.map((r) => r.gid);
    // the feed has ticked every symbol (a stale quote refuses buys)
    for (let i = 0; i < 100; i++) {
      const { rows } = await pool.query(
        `SELECT count(*)::int AS n FROM quotes WHERE gid = ANY($1) AND quoted_at > now() - interval '10 seconds'`,
        [gids],
      );
      if (rows[0].n === gids.length) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const traders = (
      await pool.query(`SELECT id FROM users WHERE real_state = 2 AND NOT trade_locked AND NOT login_locked ORDER BY id LIMIT $1`, [
        Number(values.traders),
      ])
    ).rows.map((r) => r.id);
    // free cash for every buy; equity keeps what it holds besides (held, open margins: the ledger's invariant)
    await pool.query(`UPDATE users SET user_amt = user_amt - enable_amt + 100000000, enable_amt = 100000000 WHERE id = ANY($1)`, [traders]);
    const tokens = [];
    for (const id of traders) tokens.push((await createUserSession(db, id, { ip: '127.0.0.1' })).token);
    const [agentRow] = (await pool.query(`SELECT id, agent_id FROM admins WHERE username = $1`, [BENCH_AGENT.username])).rows;
    const principal = { adminId: agentRow.id, agentId: agentRow.agent_id, roleCode: 'agent', isSuper: false };
    const check = await call('/admin/position/list.do', LIST_BODY, agentToken);
    if (check.status !== 0) throw new Error(`list: ${check.msg}`);
    console.log(`agent subtree: ${check.data.total} open positions`);

    for (let run = 1; run <= RUNS; run++) {
      if (ONLY.has('P1')) {
        await httpLoad({
          url: `${server.base}/admin/position/list.do`,
          method: 'POST',
          headers: { admintoken: agentToken, 'content-type': 'application/json' },
          body: JSON.stringify(LIST_BODY),
          connections,
          duration: 2,
        });
        const api = await httpLoad({
          url: `${server.base}/admin/position/list.do`,
          method: 'POST',
          headers: { admintoken: agentToken, 'content-type': 'application/json' },
          body: JSON.stringify(LIST_BODY),
          connections,
          duration,
        });
        await rawList(db, principal, 2);
        const raw = await rawList(db, principal, duration);
        // the plain pool's statements outlive the loop (each takes seconds at 50 at once): not measured as B1's or the next P1's
        await drained(schemaUrl());
        out.P1.push({ api, raw, ratio: +(api.rps / raw.rps).toFixed(2) });
        console.log(
          `run ${run} P1: API ${api.rps} req/s p50 ${api.p50} p99 ${api.p99} ms (errors ${api.errors}) | SQL ${raw.rps} q/s p50 ${raw.p50} p99 ${raw.p99} | API/SQL ${out.P1.at(-1).ratio}`,
        );
      }

      if (ONLY.has('B1')) {
        await buyLoop(server.base, tokens, gids, 2);
        const b = await buyLoop(server.base, tokens, gids, duration);
        out.B1.push(b);
        console.log(
          `run ${run} B1: ${b.placed} orders/s placed, p50 ${b.p50} p99 ${b.p99} ms; answers ${JSON.stringify(Object.fromEntries(b.statuses))}`,
        );
      }
      if (!ONLY.has('S1')) continue;

      await arrangePastLine(pool, run);
      const t = Date.now();
      const r = await call('/admin/task/run.do', { key: 'trading-force-close' });
      if (r.status !== 0) throw new Error(`sweep: ${r.msg}`);
      let runRow = r.data;
      while (runRow.result === 'running') {
        await new Promise((res) => setTimeout(res, 100));
        runRow = (await call('/admin/task/runs.do', { taskKey: 'trading-force-close', pageNum: 1, pageSize: 1 })).data.list[0];
      }
      const wall = Date.now() - t;
      out.S1.push({ ms: runRow.durationMs ?? wall, wall, summary: runRow.summary });
      console.log(
        `run ${run} S1: sweep ${runRow.durationMs ?? wall} ms (wall ${wall} ms) → ${runRow.result} ${JSON.stringify(runRow.summary)}`,
      );
    }
  } finally {
    await pool.end();
    await server.stop();
  }
  const P1 = out.P1;
  const some = (xs, line) => xs.length && console.log(line());
  console.log(
    `\n${connections} connections, ${duration} s per run, ${RUNS} runs, pool ${POOL}; ${os.cpus().length} CPUs (${os.cpus()[0]?.model}), load average ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}\n`,
  );
  console.log('| figure (median and range of runs) | result | target |');
  console.log('|---|---|---|');
  some(P1, () => `| P1 positions list, API p99 | ${median(P1.map((r) => r.api.p99))} ms (${range(P1.map((r) => r.api.p99))}) | ≤ 50 ms |`);
  some(P1, () => `| P1 API req/s (SQL q/s) | ${median(P1.map((r) => r.api.rps))} (${median(P1.map((r) => r.raw.rps))}) | — |`);
  some(
    P1,
    () =>
      `| P1 API / same SQL throughput | ${Math.round(median(P1.map((r) => r.ratio)) * 100)} % (${range(P1.map((r) => Math.round(r.ratio * 100)))} %) | ≥ 50 % |`,
  );
  some(
    out.B1,
    () => `| B1 buys placed per second | ${median(out.B1.map((r) => r.placed))} (${range(out.B1.map((r) => r.placed))}) | ≥ 500 |`,
  );
  some(out.B1, () => `| B1 buy p99 | ${median(out.B1.map((r) => r.p99))} ms (${range(out.B1.map((r) => r.p99))}) | — |`);
  some(out.S1, () => `| S1 force-close sweep | ${median(out.S1.map((r) => r.ms))} ms (${range(out.S1.map((r) => r.ms))}) | ≤ 2,000 ms |`);
}

await main();
