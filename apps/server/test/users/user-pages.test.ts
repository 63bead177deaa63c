import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { userListQuery } from '@stock-admin/contracts';
import { rows } from '../../src/db/rows.js';
import { post as postLedger } from '../../src/modules/fundrecords/ledger/index.js';
import { verifyLedger } from '../../src/modules/fundrecords/ledger/verify.js';
import { userListSql } from '../../src/modules/users/list.js';
import { createTestApp, post, type TestApp } from '../helpers.js';
import { agentTree } from './users-helpers.js';

// The user list in a balance order reads user_balances (migration 0210, users/list.ts: pageIdsSql): the
// whole list walks its index; agent-scoped first pages (balance or registration order) merge each agent's
// first rows. Every page must be the page a plain ORDER BY … OFFSET over users gives — ties broken by id,
// both directions, agent staff, an agent filter, later pages — and user_balances must follow postings,
// agent moves and deletions.
let t: TestApp;
let admin: { token: string };
let staff: { token: string };
let A: { id: number };
let A1: { id: number };
let B: { id: number };
let ids: number[] = [];
const db = () => t.app.ctx.db;

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, A, A1, B, staff } = await agentTree(t, 'B'));
  ids = rows<{ id: number }>(
    await db().execute(sql`
      INSERT INTO users (phone, password_hash, agent_id)
      SELECT '1970' || lpad(i::text, 7, '0'), 'x', (ARRAY[${A.id}, ${A1.id}, ${B.id}, NULL]::int[])[1 + i % 4]
      FROM generate_series(1, 72) i RETURNING id`),
  ).map((r) => Number(r.id));
  // balances through the ledger, with many ties (seven amounts), some of it frozen
  for (const [i, id] of ids.entries()) {
    const amount = ((i * 5) % 7) * 10;
    if (!amount) continue;
    await postLedger(db(), id, [
      { type: 'recharge', amount: String(amount) },
      ...(i % 3 === 0 ? [{ type: 'subscription_freeze' as const, amount: String(-(amount / 2)) }] : []),
    ]);
  }
}, 60_000);
afterAll(() => t.close());

const COLUMNS = { userAmt: 'user_amt', enableAmt: 'enable_amt', frozenAmt: 'frozen_amt', regTime: 'reg_time' } as const;

async function page(token: string, body: Record<string, unknown>, agents: number[] | null) {
  const r = await post(t, '/admin/user/list.do', body, { token, json: true }).then((x) => x.json());
  expect(r.status).toBe(0);
  const pageSize = Number(body.pageSize ?? 10);
  const offset = (Number(body.pageNum ?? 1) - 1) * pageSize;
  const col = sql.raw(COLUMNS[body.sortField as keyof typeof COLUMNS]);
  const dir = sql.raw(body.sortOrder === 'asc' ? 'ASC' : 'DESC');
  const expected = rows<{ id: number }>(
    await db().execute(sql`
      SELECT id FROM users WHERE deleted_at IS NULL ${agents ? sql`AND agent_id = ANY(${sql.param(agents)}::int[])` : sql``}
      ORDER BY ${col} ${dir}, id ${dir} LIMIT ${pageSize} OFFSET ${offset}`),
  ).map((x) => Number(x.id));
  const expectedTotal = rows<{ n: number }>(
    await db().execute(
      sql`SELECT count(*)::int AS n FROM users WHERE deleted_at IS NULL ${agents ? sql`AND agent_id = ANY(${sql.param(agents)}::int[])` : sql``}`,
    ),
  )[0]!.n;
  return {
    api: { ids: r.data.list.map((x: { id: number }) => x.id) as number[], total: r.data.total },
    expected: { ids: expected, total: expectedTotal },
  };
}

describe('user list pages from user_balances and per-agent merges', () => {
  it('reads user_balances for the whole list and for agent-scoped first pages only', () => {
    const text = (body: Record<string, unknown>, scope: number[] | null, agents: number[] | null = null) =>
      new PgDialect().sqlToQuery(userListSql(userListQuery.parse(body), { scope, agents })).sql;
    expect(text({ sortField: 'enableAmt', pageNum: 40 }, null)).toContain('FROM user_balances ORDER BY enable_amt');
    expect(text({ sortField: 'userAmt', pageSize: 20 }, [1, 2])).toContain(
      'CROSS JOIN LATERAL (SELECT user_id AS id, user_amt FROM user_balances WHERE agent_id = s.agent',
    );
    expect(text({ sortField: 'userAmt', pageNum: 6 }, [1, 2])).not.toContain('user_balances');
    expect(text({ sortField: 'userAmt', realState: 1 }, null)).not.toContain('user_balances');
    expect(text({ sortField: 'regTime' }, null)).not.toContain('user_balances');
    expect(text({ pageSize: 20 }, [1, 2])).toContain('CROSS JOIN LATERAL (SELECT id, reg_time FROM users WHERE agent_id = s.agent');
    expect(text({ pageSize: 20, phone: '138' }, [1, 2])).not.toContain('CROSS JOIN LATERAL');
  });

  it('gives the pages of a plain sort: whole list, agent filter, agent staff, both directions, ties, balance and registration orders', async () => {
    for (const sortField of Object.keys(COLUMNS)) {
      for (const sortOrder of ['descend', 'asc']) {
        for (const pageNum of [1, 2, 5, 6, 8]) {
          const all = await page(admin.token, { sortField, sortOrder, pageNum }, null);
          expect({ sortField, sortOrder, pageNum, ...all.api }).toEqual({ sortField, sortOrder, pageNum, ...all.expected });
          const byStaff = await page(staff.token, { sortField, sortOrder, pageNum, pageSize: 10 }, [A.id, A1.id]);
          expect({ sortField, sortOrder, pageNum, ...byStaff.api }).toEqual({ sortField, sortOrder, pageNum, ...byStaff.expected });
        }
        const filtered = await page(admin.token, { sortField, sortOrder, agentId: A.id, includeSubAgents: true, pageSize: 20 }, [
          A.id,
          A1.id,
        ]);
        expect(filtered.api).toEqual(filtered.expected);
        const one = await page(admin.token, { sortField, sortOrder, agentId: B.id, pageNum: 2, pageSize: 10 }, [B.id]);
        expect(one.api).toEqual(one.expected);
        // staff of A asking for B: outside the scope, nothing
        const outside = await page(staff.token, { sortField, sortOrder, agentId: B.id }, []);
        expect(outside.api).toEqual({ ids: [], total: 0 });
      }
    }
  });

  it('follows postings, agent moves and deletions (ledger:verify checks the table)', async () => {
    const [rich, moved, gone] = [ids[1]!, ids[2]!, ids[4]!];
    await postLedger(db(), rich, [{ type: 'recharge', amount: '1000.00' }]);
    const top = await page(admin.token, { sortField: 'enableAmt' }, null);
    expect(top.api.ids[0]).toBe(rich);
    expect(top.api).toEqual(top.expected);
    const r = await post(t, '/admin/user/update.do', { id: moved, agentId: A1.id }, { token: admin.token, json: true }).then((x) =>
      x.json(),
    );
    expect(r.status).toBe(0);
    await db().execute(sql`UPDATE users SET deleted_at = now() WHERE id = ${gone}`);
    const byStaff = await page(staff.token, { sortField: 'userAmt', sortOrder: 'asc', pageSize: 50 }, [A.id, A1.id]);
    expect(byStaff.api.ids).toContain(moved);
    expect(byStaff.api).toEqual(byStaff.expected);
    const newest = await page(staff.token, { sortField: 'regTime', pageSize: 50 }, [A.id, A1.id]);
    expect(newest.api.ids).not.toContain(gone);
    expect(newest.api).toEqual(newest.expected);
    const all = await page(admin.token, { sortField: 'frozenAmt', pageSize: 100 }, null);
    expect(all.api.ids).not.toContain(gone);
    expect(all.api).toEqual(all.expected);
    const report = await verifyLedger(db());
    expect(report.offenders.filter((o) => o.problem === 'user_balances')).toEqual([]);
  });
});
