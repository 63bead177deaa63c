// EXPLAIN ANALYZE of the SQL behind each scenario of run.mjs (the same builders as the server), on the
// seeded benchmark schema: node --import tsx bench/user-list/explain.mjs [U1,C3,...]  (FULL=1 for whole plans)
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
import { fundListQuery, userListQuery } from '@stock-admin/contracts';
import * as schema from '../../apps/server/src/db/schema/index.ts';
import { userListIds, userListSql } from '../../apps/server/src/modules/users/service.ts';
import { fundListIds, fundListSql } from '../../apps/server/src/modules/cash/service.ts';
import { schemaUrl } from './seed.mjs';
const pool = new pg.Pool({ connectionString: schemaUrl(), max: 2 });
const db = drizzle(pool, { schema });
const admin = { agentId: null, roleCode: 'admin', isSuper: false };
const staff = { agentId: 2, roleCode: 'agent', isSuper: false };
const only = process.argv[2]?.split(',');
const cases = [
  ['U1', 'u', { pageNum: 1, pageSize: 10 }, admin],
  ['U2', 'u', { phone: '1300012', pageSize: 10 }, admin],
  ['U3', 'u', { agentId: 34, realState: 1, pageSize: 10 }, admin],
  ['U4', 'u', { agentId: 2, includeSubAgents: true, sortField: 'enableAmt', sortOrder: 'descend', pageSize: 20 }, admin],
  ['U5', 'u', { regBeginTime: '2023-03-01', regEndTime: '2023-03-31', pageSize: 20 }, admin],
  ['U6', 'u', { pageNum: 5000, pageSize: 10 }, admin],
  ['U7', 'u', { pageNum: 1, pageSize: 10 }, staff],
  ['C1', 'c', { pageNum: 1, pageSize: 10 }, admin],
  ['C2', 'c', { userId: 123456, pageSize: 10 }, admin],
  ['C3', 'c', { type: 'withdraw', beginTime: '2024-05-01 08:00', endTime: '2024-05-20 18:00', pageSize: 10 }, admin],
  ['C4', 'c', { pageNum: 2000, pageSize: 10 }, admin],
  ['C5', 'c', { pageNum: 1, pageSize: 10 }, staff],
];
const d = new PgDialect();
for (const [name, kind, body, p] of cases) {
  if (only && !only.includes(name)) continue;
  let qs;
  if (kind === 'u') {
    const q = userListQuery.parse(body);
    qs = [d.sqlToQuery(userListSql(q, await userListIds(db, p, q)))].map((x) => [x.sql, x.params]);
  } else {
    const q = fundListQuery.parse(body);
    qs = [d.sqlToQuery(fundListSql(q, await fundListIds(db, p, q)))].map((x) => [x.sql, x.params]);
  }
  for (const [text, params] of qs) {
    const r = await pool.query('EXPLAIN (ANALYZE, SUMMARY) ' + text, params);
    const plan = r.rows.map((r) => r['QUERY PLAN']);
    console.log(`${name} sql ${plan.at(-2)}, ${plan.at(-1)}  | ${plan[0].slice(0, 90)}${process.env.FULL ? '\n' + plan.join('\n') : ''}`);
  }
}
await pool.end();
