import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { fundListQuery, userListQuery } from '@stock-admin/contracts';
import { rows } from '../../src/db/rows.js';
import { executeList, executeNamed, pageWindow } from '../../src/db/named.js';
import { userListNamed, userListSql } from '../../src/modules/users/list.js';
import { fundListNamed } from '../../src/modules/fundrecords/service.js';
import { createTestApp, type TestApp } from '../helpers.js';

// Named list statements keep one generic plan only when their page bounds are literals (db/named.ts).
const text = (q: ReturnType<typeof pageWindow>) => {
  const { sql: s, params } = new PgDialect().sqlToQuery(q);
  return { sql: s, params };
};

describe('pageWindow', () => {
  it('writes the bounds of the first five pages of the console page sizes as literals, and passes the others', () => {
    expect(text(pageWindow(10, 0))).toEqual({ sql: 'LIMIT 10 OFFSET 0', params: [] });
    expect(text(pageWindow(50, 200))).toEqual({ sql: 'LIMIT 50 OFFSET 200', params: [] });
    // page 6, an offset off the page grid, an unusual page size: parameters (few texts per statement)
    expect(text(pageWindow(10, 50))).toEqual({ sql: 'LIMIT 10 OFFSET $1', params: [50] });
    expect(text(pageWindow(10, 15))).toEqual({ sql: 'LIMIT 10 OFFSET $1', params: [15] });
    expect(text(pageWindow(7, 0))).toEqual({ sql: 'LIMIT $1 OFFSET $2', params: [7, 0] });
    // an offset computed in SQL (a deep page skipping whole periods)
    expect(text(pageWindow(20, sql`(SELECT 3)`))).toEqual({ sql: 'LIMIT 20 OFFSET (SELECT 3)', params: [] });
  });
});

describe('which list statements are named', () => {
  const pending = userListQuery.parse({ realState: 1, pageSize: 10 });
  const typed = fundListQuery.parse({ type: 'withdraw', pageSize: 10 });
  it('names statements without agent ids or with a single agent, not those with a list of agents', () => {
    for (const [label, ids, named] of [
      ['no agents', { scope: null, agents: null }, true],
      ['one agent filtered', { scope: null, agents: [7] }, true],
      ['staff of one agent', { scope: [7], agents: null }, true],
      ['staff of one agent, filtered on it', { scope: [7], agents: [7] }, true],
      ['a subtree', { scope: null, agents: [7, 8] }, false],
      ['staff of a subtree', { scope: [7, 8], agents: null }, false],
      ['staff bound to no agent', { scope: [], agents: null }, false],
    ] as const) {
      const l = { scope: ids.scope ? [...ids.scope] : null, agents: ids.agents ? [...ids.agents] : null };
      expect({ label, users: userListNamed(pending, l), funds: fundListNamed(typed, l) }).toEqual({ label, users: named, funds: named });
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('named list statements on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // two agents: a big one (49 of 50 users) and a small one; a tenth of the users pending review
    const agent = async (name: string) => {
      const [a] = rows<{ id: number }>(
        await t.app.ctx.db.execute(
          sql`INSERT INTO agents (name, phone, password_hash, invite_code, path) VALUES (${name}, ${name}, 'x', ${name}, '{}') RETURNING id`,
        ),
      );
      await t.app.ctx.db.execute(sql`UPDATE agents SET path = ARRAY[id] WHERE id = ${a!.id}`);
      return a!.id;
    };
    big = await agent('named-big');
    small = await agent('named-small');
    // enough rows that a page is far less than the tenth of them a parameter bound is costed as
    await t.app.ctx.db.execute(sql`
      INSERT INTO users (phone, password_hash, reg_time, agent_id, real_state, online)
      SELECT '1970' || lpad(i::text, 7, '0'), 'x', timestamptz '2024-01-01 00:00:00+08' + i * interval '5 minutes',
        CASE WHEN i % 50 = 3 THEN ${small}::int ELSE ${big}::int END, CASE WHEN i % 10 = 3 THEN 1 ELSE 0 END, i % 1000 = 7
      FROM generate_series(1, 30000) i`);
    await t.app.ctx.db.execute(sql`ANALYZE users; ANALYZE user_counts`);
  });
  let big = 0;
  let small = 0;
  afterAll(() => t.close());

  it('are planned once and then run on a generic plan', async () => {
    const ids = { scope: null, agents: null };
    const pending = userListQuery.parse({ agentId: big, realState: 1, pageSize: 10 });
    const statements = {
      users: userListSql(userListQuery.parse({ pageNum: 2, pageSize: 10 }), ids),
      // one agent and pending review (bench/user-list U3), as an admin's filter and as that agent's staff
      'one agent, pending': userListSql(pending, { scope: null, agents: [big] }),
      'staff of one agent, pending': userListSql(userListQuery.parse({ realState: 1, pageSize: 10 }), { scope: [big], agents: null }),
    };
    await t.app.ctx.database.withConnection(async () => {}); // the pool is up
    const pool = (t.app.ctx.db as unknown as { $client: import('pg').Pool }).$client;
    const client = await pool.connect();
    try {
      for (const [label, query] of Object.entries(statements)) {
        const name = new PgDialect().sqlToQuery(query).sql;
        // one connection: executeList on a pool of that client only
        const one = { $client: Object.assign(Object.create(pool), { query: client.query.bind(client) }) };
        for (let i = 0; i < 8; i++) await executeList(one as never, query);
        const [plans] = rows<{ generic: string; custom: string }>(
          await client.query(
            `SELECT generic_plans::text AS generic, custom_plans::text AS custom FROM pg_prepared_statements WHERE statement = $1`,
            [name],
          ),
        );
        expect({ label, generic: Number(plans?.generic ?? 0) > 0 }).toEqual({ label, generic: true });
      }
      // the generic plan of one agent's statement serves another agent of a different size
      const one = { $client: Object.assign(Object.create(pool), { query: client.query.bind(client) }) };
      const other = rows<{ id: number; agent_id: number; real_state: number }>(
        await executeList(one as never, userListSql({ ...pending, agentId: small }, { scope: null, agents: [small] })),
      );
      const expected = rows<{ id: number }>(
        await client.query(
          `SELECT id FROM users WHERE agent_id = $1 AND real_state = 1 AND deleted_at IS NULL ORDER BY reg_time DESC, id DESC LIMIT 10`,
          [small],
        ),
      );
      expect(other.filter((r) => r.id != null).map((r) => r.id)).toEqual(expected.map((r) => r.id));
      expect(expected).toHaveLength(10);
      // generic plans read the partial indexes a filter's value picks (such values are written as literals)
      const online = userListSql(userListQuery.parse({ online: true, pageSize: 10 }), ids);
      for (const [label, query, index] of [
        ['one agent, pending', statements['one agent, pending'], 'users_pending_real_idx'],
        ['online', online, 'users_online_idx'],
      ] as const) {
        const { sql: text, params } = new PgDialect().sqlToQuery(query);
        await client.query(`PREPARE generic_check AS ${text}`);
        await client.query(`SET plan_cache_mode = force_generic_plan`);
        const plan = rows<{ 'QUERY PLAN': string }>(
          await client.query(`EXPLAIN EXECUTE generic_check${params.length ? `(${params.map(Number).join(', ')})` : ''}`),
        );
        await client.query(`RESET plan_cache_mode; DEALLOCATE generic_check`);
        expect({ label, index: plan.some((r) => r['QUERY PLAN'].includes(index)) }).toEqual({ label, index: true });
      }
    } finally {
      client.release();
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('named statements when a table changes under them', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('are prepared again when their result gained a column (another instance migrated), not refused', async () => {
    const db = t.app.ctx.db;
    await db.execute(sql`CREATE TABLE named_shape (id int PRIMARY KEY); INSERT INTO named_shape VALUES (1)`);
    const read = () => executeNamed(db, sql`SELECT * FROM named_shape WHERE id = ${1}`);
    // on every pooled connection (concurrent calls check out all of them), often enough for a generic plan
    for (let i = 0; i < 6; i++)
      expect((await Promise.all(Array.from({ length: 12 }, read))).map((r) => r.rows)).toEqual(Array(12).fill([{ id: 1 }]));
    await db.execute(sql`ALTER TABLE named_shape ADD COLUMN note text DEFAULT 'x'`);
    const after = await Promise.all(Array.from({ length: 12 }, read));
    expect(after.map((r) => r.rows)).toEqual(Array(12).fill([{ id: 1, note: 'x' }]));
  });
});
