// A benchmark schema on PostgreSQL with the server's tables, `users` end users with deposits (user-list/seed.sql:
// 100 agents, 5 fund records per user, ledger-consistent) and one admin account to sign in with.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import { freshSchema, startServer } from './server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BENCH_ADMIN = { username: 'bench_admin', password: 'bench-admin-1' };

/** Returns the schema's DATABASE_URL. `port` is used once, to let the server migrate the fresh schema. */
export async function schemaWithUsers(pgUrl, schema, users, port) {
  const { url } = await freshSchema(pgUrl, schema);
  const server = await startServer({ port, env: { DATABASE_URL: url, SEED_DEMO: 'false', JOBS_ENABLED: 'false' } });
  await server.stop();
  await seedUserList(url, users);
  return url;
}

/**
 * `users` end users of bench/user-list/seed.sql (of the checkout at `tree`: the upgrade drill seeds the previous
 * release's schema with its own file) and the bench operator, into a schema the server already migrated.
 */
export async function seedUserList(url, users, tree = root) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const text = fs
    .readFileSync(path.join(tree, 'bench/user-list/seed.sql'), 'utf8')
    .replaceAll(":'password_hash'", `'${(await hash('bench-user-1')).replace(/'/g, "''")}'`)
    .replaceAll(':users', String(users));
  await c.query(`SET work_mem = '256MB'`);
  await c.query(text);
  const [role] = (await c.query(`SELECT id FROM admin_roles WHERE code = 'admin'`)).rows;
  await c.query(`INSERT INTO admins (username, name, password_hash, role_id) VALUES ($1, 'Bench admin', $2, $3)`, [
    BENCH_ADMIN.username,
    await hash(BENCH_ADMIN.password),
    role.id,
  ]);
  await c.end();
}
