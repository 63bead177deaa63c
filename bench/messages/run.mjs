// Message sends at scale (issue 24): `POST /admin/msgTemplate/setUserMsg` of a station-message template with
// variables to every one of 100,000 users, on PostgreSQL.
//   M1  the API answer: the request only checks the audience, counts it and queues the send (target ≤ 200 ms);
//   M2  request → every message written: the job's chunks (5,000 recipients each, one statement: the recipient
//       rows with each user's own text, and a delivery row) until the send is `done` (target ≤ 10 s).
// The users (bench/user-list/seed.sql) are generated in SQL. After the runs every user has exactly one recipient
// row per send, each with their own nickname filled in.
// Usage: node bench/messages/run.mjs [--users 100000] [--runs 3]
// Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test). Schema: bench_messages.
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { adminLogin, startServer } from '../lib/server.mjs';
import { BENCH_ADMIN as ADMIN, schemaWithUsers } from '../lib/users.mjs';

const { values } = parseArgs({ options: { users: { type: 'string', default: '100000' }, runs: { type: 'string', default: '3' } } });
const USERS = Number(values.users);
const RUNS = Number(values.runs);
const SCHEMA = 'bench_messages';
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const range = (xs) => `${Math.min(...xs)}–${Math.max(...xs)}`;

const prepare = () => schemaWithUsers(PG_URL, SCHEMA, USERS, 18321);

async function api(base, token, p, body) {
  const r = await fetch(`${base}${p}`, {
    method: 'POST',
    headers: { admintoken: token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const b = await r.json();
  if (b.status !== 0) throw new Error(`${p}: ${b.msg}`);
  return b.data;
}

const url = await prepare();
const server = await startServer({ port: 18322, env: { DATABASE_URL: url, SEED_DEMO: 'false', JOBS_ENABLED: 'false' } });
const c = new pg.Client({ connectionString: url });
await c.connect();
const out = { M1: [], M2: [] };
try {
  const token = await adminLogin(server.base, ADMIN.username, ADMIN.password);
  const users = Number((await c.query(`SELECT count(*) AS n FROM users WHERE deleted_at IS NULL`)).rows[0].n);
  for (let run = 1; run <= RUNS; run++) {
    const tpl = await api(server.base, token, '/admin/msgTemplate/add.do', {
      name: `基准群发 ${run}`,
      channel: 'station',
      title: '系统通知',
      content: '{{nickName}} 您好，您的可用余额为 {{balance}} 元。',
    });
    const t0 = performance.now();
    const send = await api(server.base, token, '/admin/msgTemplate/setUserMsg', { templateId: tpl.id, audience: { kind: 'all' } });
    const answered = Math.round(performance.now() - t0);
    let s = send;
    while (s.status !== 'done') {
      if (s.status === 'failed') throw new Error(`send failed: ${s.error}`);
      await new Promise((r) => setTimeout(r, 50));
      s = await api(server.base, token, '/admin/msgTemplate/sendDetail.do', { id: send.id });
    }
    const written = Math.round(performance.now() - t0);
    const [check] = (
      await c.query(
        `SELECT count(*)::int AS n, count(DISTINCT r.user_id)::int AS users,
                count(*) FILTER (WHERE r.content LIKE u.nick_name || ' 您好%')::int AS own
         FROM station_message_recipients r JOIN users u ON u.id = r.user_id
         WHERE r.message_id = (SELECT station_message_id FROM message_sends WHERE id = $1)`,
        [send.id],
      )
    ).rows;
    if (check.n !== users || check.users !== users || check.own !== users)
      throw new Error(`run ${run}: ${JSON.stringify(check)} for ${users} users`);
    out.M1.push(answered);
    out.M2.push(written);
    console.log(
      `run ${run}: answered in ${answered} ms (status ${send.status}, total ${send.total}); ${s.done} messages written in ${written} ms`,
    );
  }
} finally {
  await c.end();
  await server.stop();
}
const load = os
  .loadavg()
  .map((x) => x.toFixed(1))
  .join(' ');
console.log(`\n${RUNS} runs, ${USERS} users, ${os.cpus().length} CPUs (${os.cpus()[0].model.trim()}), load average ${load}\n`);
console.log('| figure (median and range of runs) | result | target |');
console.log('|---|---|---|');
console.log(`| M1 setUserMsg answer (the send queued) | ${median(out.M1)} ms (${range(out.M1)}) | ≤ 200 ms |`);
console.log(
  `| M2 request → ${USERS.toLocaleString('en')} station messages written | ${median(out.M2)} ms (${range(out.M2)}) | ≤ 10,000 ms |`,
);
