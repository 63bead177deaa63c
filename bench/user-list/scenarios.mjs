// The scenarios of bench/user-list (run.mjs loads them, explain.mjs and plans.mjs show their SQL), and the
// SQL the server runs for each: the same builders as the service, named exactly when the service names it.
import { PgDialect } from 'drizzle-orm/pg-core';
import { fundListQuery, userListQuery } from '@stock-admin/contracts';
import { userListIds, userListNamed, userListSql } from '../../apps/server/src/modules/users/list.ts';
import { fundListIds, fundListNamed, fundListSql } from '../../apps/server/src/modules/fundrecords/service.ts';
import { statementName } from '../../apps/server/src/db/named.ts';
import { BENCH_AGENT } from './seed.mjs';

/** [id, label, path, body, who]: who signs in, a platform admin or the staff of agent 2 (a subtree of 9 agents). */
export const SCENARIOS = [
  ['U1', 'users: first page, no filter', '/admin/user/list.do', { pageNum: 1, pageSize: 10 }, 'admin'],
  ['U2', 'users: phone prefix', '/admin/user/list.do', { phone: '1300012', pageSize: 10 }, 'admin'],
  ['U3', 'users: agent + pending review', '/admin/user/list.do', { agentId: 34, realState: 1, pageSize: 10 }, 'admin'],
  [
    'U4',
    'users: agent subtree, by free cash',
    '/admin/user/list.do',
    { agentId: 2, includeSubAgents: true, sortField: 'enableAmt', sortOrder: 'descend', pageSize: 20 },
    'admin',
  ],
  [
    'U5',
    'users: registered in a month',
    '/admin/user/list.do',
    { regBeginTime: '2023-03-01', regEndTime: '2023-03-31', pageSize: 20 },
    'admin',
  ],
  ['U6', 'users: deep page (offset 49,990)', '/admin/user/list.do', { pageNum: 5000, pageSize: 10 }, 'admin'],
  ['U7', 'users: agent staff, first page', '/admin/user/list.do', { pageNum: 1, pageSize: 10 }, 'agent'],
  ['C1', 'funds: first page, no filter (+totals)', '/admin/cash/list.do', { pageNum: 1, pageSize: 10 }, 'admin'],
  ['C2', 'funds: one user', '/admin/cash/list.do', { userId: 123456, pageSize: 10 }, 'admin'],
  [
    'C3',
    'funds: type + 20-day range, partial days',
    '/admin/cash/list.do',
    { type: 'withdraw', beginTime: '2024-05-01 08:00', endTime: '2024-05-20 18:00', pageSize: 10 },
    'admin',
  ],
  ['C4', 'funds: deep page (offset 19,990)', '/admin/cash/list.do', { pageNum: 2000, pageSize: 10 }, 'admin'],
  ['C5', 'funds: agent staff, first page', '/admin/cash/list.do', { pageNum: 1, pageSize: 10 }, 'agent'],
];

/** The scenarios whose ids are in the comma-separated `only` (all without it). */
export const selected = (only) => SCENARIOS.filter(([id]) => !only || only.split(',').includes(id));

// what the list services read of a principal
const admin = { agentId: null, roleCode: 'admin', isSuper: false };
const agentStaff = { agentId: BENCH_AGENT.agentId, roleCode: 'agent', isSuper: false };

/**
 * The statement the service runs for a scenario, as a pg query config ({name?, text, values}). The agent
 * ids of the scope or agent filter, which the service remembers, are read here once.
 */
export async function statementOf(db, path, body, who) {
  const p = who === 'agent' ? agentStaff : admin;
  let query, named;
  if (path === '/admin/user/list.do') {
    const q = userListQuery.parse(body);
    const ids = await userListIds(db, p, q);
    query = userListSql(q, ids);
    named = userListNamed(q, ids);
  } else {
    const q = fundListQuery.parse(body);
    const ids = await fundListIds(db, p, q);
    query = fundListSql(q, ids);
    named = fundListNamed(q, ids);
  }
  const x = new PgDialect().sqlToQuery(query);
  return { ...(named ? { name: statementName(x.sql) } : {}), text: x.sql, values: x.params };
}
