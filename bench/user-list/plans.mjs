// Which scenario statements are named, and whether PostgreSQL runs them on one generic plan or plans them
// on every call (pg_prepared_statements), with the time of a call on one connection, one at a time:
//   node --import tsx bench/user-list/plans.mjs [U1,C3,...]
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { schemaUrl } from './seed.mjs';
import { selected, statementOf } from './scenarios.mjs';

const CALLS = 300;
const pool = new pg.Pool({ connectionString: schemaUrl(), max: 1 });
const db = drizzle(pool);
console.log('| # | statement | generic plans | custom plans | ms a call |\n|---|---|---:|---:|---:|');
for (const [id, , path, body, who] of selected(process.argv[2])) {
  const query = await statementOf(db, path, body, who);
  const c = await pool.connect();
  try {
    for (let i = 0; i < 20; i++) await c.query(query); // past the five custom plans PostgreSQL starts with
    const t = process.hrtime.bigint();
    for (let i = 0; i < CALLS; i++) await c.query(query);
    const ms = Number(process.hrtime.bigint() - t) / 1e6 / CALLS;
    const [plans] = query.name
      ? (await c.query('SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = $1', [query.name])).rows
      : [{ generic_plans: '–', custom_plans: 'every call' }];
    console.log(`| ${id} | ${query.name ? 'named' : 'unnamed'} | ${plans.generic_plans} | ${plans.custom_plans} | ${ms.toFixed(2)} |`);
  } finally {
    c.release();
  }
}
await pool.end();
