// EXPLAIN ANALYZE of the SQL behind each scenario of run.mjs (the same builders as the server), on the
// seeded benchmark schema: node --import tsx bench/user-list/explain.mjs [U1,C3,...]  (FULL=1 for whole plans)
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { schemaUrl } from './seed.mjs';
import { selected, statementOf } from './scenarios.mjs';

const pool = new pg.Pool({ connectionString: schemaUrl(), max: 2 });
const db = drizzle(pool);
for (const [id, , path, body, who] of selected(process.argv[2])) {
  const { text, values } = await statementOf(db, path, body, who);
  const r = await pool.query('EXPLAIN (ANALYZE, SUMMARY) ' + text, values);
  const plan = r.rows.map((r) => r['QUERY PLAN']);
  console.log(`${id} sql ${plan.at(-2)}, ${plan.at(-1)}  | ${plan[0].slice(0, 90)}${process.env.FULL ? '\n' + plan.join('\n') : ''}`);
}
await pool.end();
