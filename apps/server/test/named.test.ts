import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { userListQuery } from '@stock-admin/contracts';
import { rows } from '../src/db/migrate.js';
import { executeList, pageWindow } from '../src/db/named.js';
import { userListSql } from '../src/modules/users/service.js';
import { createTestApp, type TestApp } from './helpers.js';

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

describe.runIf(process.env.DATABASE_URL)('named list statements on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // enough rows that a page is far less than the tenth of them a parameter bound is costed as
    await t.app.ctx.db.execute(sql`
      INSERT INTO users (phone, password_hash, reg_time)
      SELECT '1970' || lpad(i::text, 7, '0'), 'x', timestamptz '2024-01-01 00:00:00+08' + i * interval '5 minutes'
      FROM generate_series(1, 30000) i`);
    await t.app.ctx.db.execute(sql`ANALYZE users`);
  });
  afterAll(() => t.close());

  it('are planned once and then run on a generic plan', async () => {
    const ids = { scope: null, agents: null };
    const statements = {
      users: userListSql(userListQuery.parse({ pageNum: 2, pageSize: 10 }), ids),
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
    } finally {
      client.release();
    }
  });
});
