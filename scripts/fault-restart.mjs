// Issue 47's fault check, by hand: PostgreSQL restarted under load. Two built server instances on one fresh schema,
// 8 writers crediting balances (/admin/user/updateAmt.do, each credit with a note of its own) through both, and the
// machine's PostgreSQL cluster restarted in the middle. Afterwards every answer is compared with the database:
// a credit answered with an error must not be there, a credit answered with success must be there exactly once.
//
//   node scripts/fault-restart.mjs [--seconds 20] [--restart-at 6] [--mode immediate|fast] [--keys]
//
// It restarts the PostgreSQL cluster of this machine (pg_ctlcluster): run it alone, never beside the test suite.
// --keys sends an Idempotency-Key per credit and retries an error answer with it, as the console does.
/* global AbortSignal */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import { adminLogin, freshSchema, startServer } from '../bench/lib/server.mjs';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '20' },
    'restart-at': { type: 'string', default: '6' },
    keys: { type: 'boolean', default: false },
    mode: { type: 'string', default: 'immediate' },
  },
});
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const WRITERS = 8;
const USERS = 40;
const id = randomBytes(4).toString('hex');
const schema = await freshSchema(PG_URL, `fault_${id}`);
const env = { DATABASE_URL: schema.url, SEED_DEMO: 'false', JOBS_ENABLED: 'false', DATABASE_CONNECT_TIMEOUT_MS: '2000' };
const a = await startServer({ port: 18710, env });
const b = await startServer({ port: 18712, env });

const c = new pg.Client({ connectionString: schema.url });
await c.connect();
const [role] = (await c.query(`SELECT id FROM admin_roles WHERE code = 'admin'`)).rows;
await c.query(`INSERT INTO admins (username, name, password_hash, role_id) VALUES ('fault_admin', 'Fault admin', $1, $2)`, [
  await hash('fault-admin-1'),
  role.id,
]);
const users = (
  await c.query(
    `INSERT INTO users (phone, password_hash, nick_name, real_name, real_state)
     SELECT '1380000' || lpad(g::text, 4, '0'), 'x', 'u' || g, '用户' || g, 2 FROM generate_series(1, ${USERS}) g RETURNING id`,
  )
).rows.map((r) => r.id);
await c.end();
const token = await adminLogin(a.base, 'fault_admin', 'fault-admin-1');

const answers = [];
let stop = false;
async function writer(w) {
  for (let i = 0; !stop; i++) {
    const note = `fault-${w}-${i}`;
    const base = i % 2 ? b.base : a.base;
    const body = JSON.stringify({ userId: users[(w * 7 + i) % USERS], amt: '1.00', direction: 0, note });
    const headers = { admintoken: token, 'content-type': 'application/json', ...(values.keys ? { 'idempotency-key': note } : {}) };
    let last;
    for (let attempt = 0; attempt < (values.keys ? 6 : 1); attempt++) {
      try {
        const r = await fetch(`${base}/admin/user/updateAmt.do`, { method: 'POST', headers, body, signal: AbortSignal.timeout(15_000) });
        const e = await r.json().catch(() => ({ status: -1, msg: `HTTP ${r.status}` }));
        last = { http: r.status, status: e.status, msg: e.msg };
      } catch (err) {
        last = { http: 0, status: -1, msg: String(err.message ?? err) };
      }
      if (last.status === 0 || (last.http === 200 && last.status !== 11)) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    answers.push({ note, ...last });
  }
}
const started = Date.now();
const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
await new Promise((r) => setTimeout(r, Number(values['restart-at']) * 1000));
const cluster = fs.readdirSync('/etc/postgresql')[0];
console.log(`restarting PostgreSQL ${cluster} at ${((Date.now() - started) / 1000).toFixed(1)} s`);
// not execFileSync: the writers keep writing while PostgreSQL goes down and comes back
await promisify(execFile)('pg_ctlcluster', ['--skip-systemctl-redirect', cluster, 'main', 'restart', '-m', values.mode]);
console.log(`PostgreSQL back at ${((Date.now() - started) / 1000).toFixed(1)} s`);
await new Promise((r) => setTimeout(r, Math.max(0, Number(values.seconds) * 1000 - (Date.now() - started))));
stop = true;
await Promise.all(writers);

const v = new pg.Client({ connectionString: schema.url });
await v.connect();
const applied = new Map((await v.query(`SELECT note, count(*)::int AS n FROM fund_records GROUP BY note`)).rows.map((r) => [r.note, r.n]));
await v.end();
const errorApplied = answers.filter((x) => x.status !== 0 && applied.get(x.note));
const okMissing = answers.filter((x) => x.status === 0 && !applied.get(x.note));
const twice = [...applied].filter(([, n]) => n > 1);
const byMsg = {};
for (const x of answers.filter((y) => y.status !== 0)) byMsg[`${x.http} ${x.msg}`] = (byMsg[`${x.http} ${x.msg}`] ?? 0) + 1;
console.log(
  `${answers.length} credits, ${answers.filter((x) => x.status === 0).length} answered success; refused or failed: ${JSON.stringify(byMsg)}`,
);
console.log(
  `answered with an error and applied: ${errorApplied.length}; answered success and missing: ${okMissing.length}; applied twice: ${twice.length}`,
);
for (const x of errorApplied) console.log(`  ${x.note}: ${x.http} ${x.msg}`);
await a.stop();
await b.stop();
await schema.drop();
process.exit(errorApplied.length || okMissing.length || twice.length ? 1 : 0);
