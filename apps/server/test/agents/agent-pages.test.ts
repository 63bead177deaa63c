import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../src/db/rows.js';
import { createTestApp, post, type TestApp } from '../helpers.js';
import { agentTree } from '../users/users-helpers.js';

// The first pages of agent-scoped fund-record lists merge each agent's newest records
// (cash/service.ts: perAgentPageSql); they must be exactly the pages a plain ORDER BY … OFFSET gives,
// for agent staff and for an agent filter, with ties on the time, agent records, time windows and
// the pages after the first five (the usual plan).
let t: TestApp;
let admin: { token: string };
let staff: { token: string };
let A: { id: number };
let A1: { id: number };
let B: { id: number };
beforeAll(async () => {
  t = await createTestApp();
  ({ admin, A, A1, B, staff } = await agentTree(t, 'P'));
  const db = t.app.ctx.db;
  // 90 users spread over A, A1 and B; three records each (balances back to zero, so the ledger still
  // verifies), every 13 minutes with every 4th record sharing the time of the one before
  await db.execute(sql`
    INSERT INTO users (phone, password_hash, agent_id)
    SELECT '1980' || lpad(i::text, 7, '0'), 'x', (ARRAY[${A.id}, ${A1.id}, ${B.id}]::int[])[1 + i % 3]
    FROM generate_series(1, 90) i`);
  await db.execute(sql`
    INSERT INTO fund_records (user_id, owner_agent_id, type, amount, equity_delta, enable_delta, user_amt_after, enable_amt_after, frozen_amt_after, created_at)
    SELECT u.id, u.agent_id, r.type, r.amount, r.amount, r.amount, r.after, r.after, 0,
           timestamptz '2024-06-01 00:00:00+08' + ((3 * u.n + r.k) - CASE WHEN (3 * u.n + r.k) % 4 = 0 THEN 1 ELSE 0 END) * interval '13 minutes'
    FROM (SELECT id, agent_id, row_number() OVER (ORDER BY id) AS n FROM users WHERE phone LIKE '1980%') u
    CROSS JOIN (VALUES (0, 'recharge', 10.00, 10.00), (1, 'fee', -4.00, 6.00), (2, 'fee', -6.00, 0.00)) r (k, type, amount, after)`);
  // agent records of A1 among them (agent balance back to zero as well)
  await db.execute(sql`
    INSERT INTO fund_records (agent_id, owner_agent_id, type, amount, equity_delta, enable_delta, user_amt_after, enable_amt_after, frozen_amt_after, created_at)
    VALUES (${A1.id}, ${A1.id}, 'agent_credit', 5.00, 5.00, 5.00, 5.00, 5.00, 0, timestamptz '2024-06-01 06:00:00+08'),
           (${A1.id}, ${A1.id}, 'agent_debit', -5.00, -5.00, -5.00, 0.00, 0.00, 0, timestamptz '2024-06-02 06:00:00+08')`);
}, 60_000);
afterAll(() => t.close());

async function page(token: string, body: Record<string, unknown>, agents: number[], window?: [string, string]) {
  const r = await post(t, '/admin/cash/list.do', body, { token, json: true }).then((x) => x.json());
  expect(r.status).toBe(0);
  const pageNum = Number(body.pageNum ?? 1);
  const pageSize = Number(body.pageSize ?? 10);
  const owner = body.owner === 'all' ? sql`true` : sql`user_id IS NOT NULL`;
  const time = window ? sql`created_at >= ${window[0]}::timestamptz AND created_at < ${window[1]}::timestamptz` : sql`true`;
  const expected = rows<{ id: number }>(
    await t.app.ctx.db.execute(sql`
      SELECT id FROM fund_records WHERE owner_agent_id = ANY(${sql.param(agents)}::int[]) AND ${owner} AND ${time}
      ORDER BY created_at DESC, id DESC LIMIT ${pageSize} OFFSET ${(pageNum - 1) * pageSize}`),
  ).map((x) => Number(x.id));
  expect(expected.length).toBeGreaterThan(0);
  return { api: r.data.list.map((x: { id: number }) => x.id) as number[], expected };
}

describe('agent-scoped first pages', () => {
  it('are the pages of a plain offset for agent staff, first pages and after, users only and all owners', async () => {
    for (const owner of ['user', 'all']) {
      for (const pageNum of [1, 2, 5, 6, 9]) {
        const { api, expected } = await page(staff.token, { pageNum, pageSize: 20, owner }, [A.id, A1.id]);
        expect({ owner, pageNum, ids: api }).toEqual({ owner, pageNum, ids: expected });
      }
    }
  });

  it('are the pages of a plain offset for an agent filter, within the staff scope, and in a time window', async () => {
    for (const pageNum of [1, 3]) {
      const byFilter = await page(admin.token, { pageNum, pageSize: 10, agentId: A.id, owner: 'all' }, [A.id, A1.id]);
      expect(byFilter.api).toEqual(byFilter.expected);
      // staff of A asking for A1: the intersection of scope and filter
      const narrowed = await page(staff.token, { pageNum, pageSize: 10, agentId: A1.id, owner: 'all' }, [A1.id]);
      expect(narrowed.api).toEqual(narrowed.expected);
    }
    const window: [string, string] = ['2024-06-01T03:00:00+08:00', '2024-06-02T09:30:00+08:00'];
    const timed = await page(
      staff.token,
      { pageNum: 2, pageSize: 10, beginTime: window[0], endTime: '2024-06-02T09:29:59.999+08:00' },
      [A.id, A1.id],
      window,
    );
    expect(timed.api).toEqual(timed.expected);
    // an agent outside the scope: nothing
    const outside = await post(t, '/admin/cash/list.do', { agentId: B.id }, { token: staff.token, json: true }).then((x) => x.json());
    expect(outside.data).toMatchObject({ total: 0, list: [] });
  });
});
