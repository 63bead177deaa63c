// Seeds the user-list benchmark schema on PostgreSQL: the server's migrations, then 1,000,000 users and
// 5,000,000 fund records generated in SQL (seed.sql). Usage:
//   node bench/user-list/seed.mjs [--users 1000000]
// Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test). Schema: bench_user_list.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import { freshSchema, startServer } from '../lib/server.mjs';

export const SCHEMA = 'bench_user_list';
export const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const BENCH_ADMIN = { username: 'bench_admin', password: 'bench-admin-1' };
export const BENCH_AGENT = { username: 'bench_agent', password: 'bench-agent-1', agentId: 2 };
const here = path.dirname(fileURLToPath(import.meta.url));

export function schemaUrl() {
  const u = new URL(PG_URL);
  u.searchParams.set('options', `-c search_path=${SCHEMA}`);
  return u.toString();
}

export async function seed(users) {
  const t0 = Date.now();
  const { url } = await freshSchema(PG_URL, SCHEMA);
  // The server creates every table (its migrations) on start-up.
  const server = await startServer({ port: 18301, env: { DATABASE_URL: url, SEED_DEMO: 'false', JOBS_ENABLED: 'false' } });
  await server.stop();
  const t1 = Date.now();
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(`SET work_mem = '256MB'; SET maintenance_work_mem = '512MB'`);
    const passwordHash = await hash('bench-user-1');
    const text = fs
      .readFileSync(path.join(here, 'seed.sql'), 'utf8')
      .replaceAll(":'password_hash'", `'${passwordHash.replace(/'/g, "''")}'`)
      .replaceAll(':users', String(Number(users)));
    await c.query(text);
    const t2 = Date.now();
    // two admin accounts: a platform admin and an agent staff account bound to agent 2 (a top agent)
    const roles = await c.query(`SELECT id, code FROM admin_roles WHERE code IN ('admin', 'agent')`);
    const roleId = (code) => roles.rows.find((r) => r.code === code).id;
    await c.query(
      `INSERT INTO admins (username, name, password_hash, role_id, agent_id) VALUES ($1, 'Bench admin', $2, $3, NULL), ($4, 'Bench agent', $5, $6, $7)`,
      [
        BENCH_ADMIN.username,
        await hash(BENCH_ADMIN.password),
        roleId('admin'),
        BENCH_AGENT.username,
        await hash(BENCH_AGENT.password),
        roleId('agent'),
        BENCH_AGENT.agentId,
      ],
    );
    await c.query('VACUUM ANALYZE');
    const t3 = Date.now();
    const n = (
      await c.query(
        `SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM fund_records) AS records, pg_size_pretty(pg_database_size(current_database())) AS db_size`,
      )
    ).rows[0];
    console.log(
      `seeded ${n.users} users, ${n.records} fund records (database now ${n.db_size}): migrations ${t1 - t0} ms, data ${t2 - t1} ms, vacuum/analyze ${t3 - t2} ms`,
    );
    return { users: Number(n.users), records: Number(n.records), ms: { migrations: t1 - t0, data: t2 - t1, analyze: t3 - t2 } };
  } finally {
    await c.end();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { users: { type: 'string', default: '1000000' } } });
  await seed(Number(values.users));
}
