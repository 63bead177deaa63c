// The year of history bench/year measures (seed.sql, ledger-consistent), built into a migrated, empty schema. Also
// used by the restore drill (scripts/ops/restore.mjs --scale) to restore a cluster of that size. Run with tsx:
//   node --import tsx bench/year/seed.mjs DATABASE_URL SCALE [DAYS]   (prints the counts as JSON)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hash } from '@node-rs/argon2';
import { PgDialect } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { linkHash } from '../../apps/server/src/http/chain.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const ms = (t) => Math.round(Number(process.hrtime.bigint() - t) / 1e6);

/** The bench's platform administrator (super) made by the seed. */
export const SUPER = { username: 'super', password: 'bench-super-1' };

/** The year's sizes at `scale` (1: 200,000 users, 20.8 M fund records, 10 M log rows). */
export const yearParams = (scale, days = 365) => ({
  users: Math.max(100, Math.round(200_000 * scale)),
  agents: Math.max(20, Math.round((2_000 * scale) / 20) * 20),
  perUser: 104,
  days,
  logs: Math.max(1000, Math.round(10_000_000 * scale)),
});

export async function seedYear(url, P) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(`SET work_mem = '512MB'; SET maintenance_work_mem = '1GB'`);
  const text = fs
    .readFileSync(path.join(here, 'seed.sql'), 'utf8')
    .replaceAll(":'password_hash'", `'${(await hash('bench-user-1')).replace(/'/g, "''")}'`)
    .replaceAll(':users', String(P.users))
    .replaceAll(':agents', String(P.agents))
    .replaceAll(':per_user', String(P.perUser))
    .replaceAll(':days', String(P.days))
    .replaceAll(':logs', String(P.logs));
  let t = process.hrtime.bigint();
  await c.query(text);
  const built = ms(t);
  // the operation log sealed onto the chain in time order, with the server's own link hash
  t = process.hrtime.bigint();
  const link = new PgDialect().sqlToQuery(linkHash(sql.raw('h'), sql.raw('s'))).sql;
  await c.query(`DO $$ DECLARE r record; s bigint; h text; BEGIN
    SELECT seq, hash INTO s, h FROM audit_chain_head WHERE id = 1;
    FOR r IN SELECT id, created_at FROM operation_log WHERE seq IS NULL ORDER BY created_at, id LOOP
      s := s + 1;
      UPDATE operation_log SET seq = s, prev_hash = h, hash = ${link} WHERE id = r.id AND created_at = r.created_at RETURNING hash INTO h;
    END LOOP;
    UPDATE audit_chain_head SET seq = s, hash = h WHERE id = 1;
  END $$`);
  const sealed = ms(t);
  const [role] = (await c.query(`SELECT id FROM admin_roles WHERE code = 'super'`)).rows;
  await c.query(`INSERT INTO admins (username, name, password_hash, role_id) VALUES ($1, 'Bench super', $2, $3)`, [
    SUPER.username,
    await hash(SUPER.password),
    role.id,
  ]);
  t = process.hrtime.bigint();
  await c.query('VACUUM ANALYZE');
  const vacuumed = ms(t);
  const counts = {};
  for (const table of ['users', 'agents', 'fund_records', 'positions', 'orders', 'operation_log', 'login_log'])
    counts[table] = Number((await c.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
  await c.end();
  return { built, sealed, vacuumed, counts };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [url, scale, days] = process.argv.slice(2);
  console.log(JSON.stringify(await seedYear(url, yearParams(Number(scale), days ? Number(days) : 365))));
}
