import { describe, expect, it, vi } from 'vitest';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/node-postgres';
import { fundListQuery, userListQuery } from '@stock-admin/contracts';
import { renderQuery } from '../../src/db/render.js';
import { fundRecords } from '../../src/modules/fundrecords/tables.js';
import { agents, users } from '../../src/modules/_kit/parties.js';
import { approvalRequests } from '../../src/modules/approvals/tables.js';
import { operationLog } from '../../src/http/tables.js';
import { uploads } from '../../src/modules/users/tables.js';
import { stocks } from '../../src/modules/products/tables.js';
import { userListSql } from '../../src/modules/users/list.js';
import { fundListSql, fundWhere, recordsPageSql } from '../../src/modules/fundrecords/service.js';
import type { AgentIdLists } from '../../src/modules/_kit/subtrees.js';

// renderQuery (db/render.ts) must give exactly drizzle's text and parameters for every list statement
// the server renders with it, and hand anything it does not know to drizzle.
const drizzleRender = (q: SQL) => {
  const { sql: text, params } = new PgDialect().sqlToQuery(q);
  return { sql: text, params };
};

const IDS: AgentIdLists[] = [
  { scope: null, agents: null },
  { scope: [3, 5, 8], agents: null, version: '7' },
  { scope: null, agents: [5] },
  { scope: [3, 5], agents: [5, 9], version: '2' },
  { scope: [], agents: null },
];

const USER_QUERIES = [
  {},
  { pageNum: 5000 },
  { pageNum: 3, pageSize: 20, sortField: 'enableAmt', sortOrder: 'asc' },
  { sortField: 'frozenAmt', pageNum: 9 },
  { sortField: 'id' },
  { sortField: 'lastLoginAt', sortOrder: 'asc', pageSize: 13 },
  { regBeginTime: '2023-03-01', regEndTime: '2023-03-31', pageSize: 20 },
  { regBeginTime: '2023-03-01 10:30', regEndTime: '2023-03-04 08:15' },
  {
    phone: '138',
    realName: '张',
    accountType: 1,
    realState: 1,
    loginLocked: true,
    tradeLocked: false,
    online: true,
    layeringId: 0,
    regBeginTime: '2024-01-01 10:30',
  },
  { layeringId: 3, realState: 2 },
];

const FUND_QUERIES = [
  {},
  { pageNum: 3000 },
  { pageNum: 2, pageSize: 50, owner: 'all' },
  { owner: 'agent' },
  { userId: 123456, pageSize: 10 },
  { type: ['withdraw'], beginTime: '2024-05-01 08:00', endTime: '2024-05-20 18:00' },
  { type: ['recharge', 'withdraw'], beginTime: '2024-05-01', endTime: '2024-05-01' },
  { phone: '13800000000', accountType: 0, reference: 'W2024', adminId: 3, beginTime: '2024-05-01 08:00:30', owner: 'all' },
  { accountType: 1, endTime: '2024-06-30' },
];

describe('renderQuery', () => {
  it('renders every user-list shape as drizzle does', () => {
    for (const body of USER_QUERIES)
      for (const ids of IDS) {
        const q = userListSql(userListQuery.parse(body), ids);
        expect({ body, ids, ...renderQuery(q) }).toEqual({ body, ids, ...drizzleRender(q) });
      }
  });

  it('renders every fund-record list shape, and the export page, as drizzle does', () => {
    for (const body of FUND_QUERIES)
      for (const ids of IDS) {
        const q = fundListQuery.parse(body);
        const list = fundListSql(q, ids);
        expect({ body, ids, ...renderQuery(list) }).toEqual({ body, ids, ...drizzleRender(list) });
        const exportPage = recordsPageSql(fundWhere(q, ids), 2000, 0, { createdAt: '2024-05-01 08:00:00.123456+00', id: 42 });
        expect(renderQuery(exportPage)).toEqual(drizzleRender(exportPage));
      }
  });

  it('renders column-bound parameters through their encoders, lists, nulls and raw values', () => {
    const q = sql`SELECT ${users.id} FROM ${users} WHERE ${and(
      eq(users.regTime, new Date('2024-01-02T03:04:05.678Z')),
      inArray(users.id, [1, 2, 3]),
      eq(fundRecords.amount, '1.50'),
    )} AND x IN ${[4, 'five']} AND y = ${null} AND z = ${sql.param([7, 8])}::int[] ${sql.raw('LIMIT 10')}`;
    const fast = renderQuery(q);
    expect(fast).toEqual(drizzleRender(q));
    expect(fast.params).toContain('2024-01-02T03:04:05.678Z');
  });

  it('hands placeholders, aliases and subqueries to drizzle', () => {
    const withPlaceholder = sql`SELECT 1 WHERE id = ${sql.placeholder('id')}`;
    expect(renderQuery(withPlaceholder)).toEqual(drizzleRender(withPlaceholder));
    const aliased = sql`SELECT ${sql`count(*)`.as('n')} FROM users`;
    expect(renderQuery(aliased)).toEqual(drizzleRender(aliased));
  });

  it("renders drizzle's builders as drizzle does: selections, joins, locks, inserts, upserts, updates, deletes", () => {
    // every statement of the server goes through renderQuery (renderWithRenderQuery on the database handle)
    const db = drizzle.mock();
    const when = new Date('2026-12-06T01:02:03.456Z');
    const built: SQL[] = [
      db.select().from(users).where(eq(users.id, 7)).limit(1).getSQL(),
      db
        .select({ id: users.id, n: sql<number>`count(*)`, agent: agents.name })
        .from(users)
        .leftJoin(agents, eq(agents.id, users.agentId))
        .where(and(eq(users.phone, '13800000000'), inArray(users.id, [1, 2])))
        .groupBy(users.id, agents.name)
        .orderBy(users.id)
        .limit(10)
        .offset(20)
        .for('update', { of: users })
        .getSQL(),
      db
        .insert(stocks)
        .values({ code: '600036', name: '招商银行', market: 'sh', gid: 'sh600036', board: 'main', spreadRate: '0.1', updatedAt: when })
        .onConflictDoNothing()
        .returning()
        .getSQL(),
      db
        .insert(users)
        .values({ phone: '13800000001', passwordHash: 'x', nickName: 'n', regTime: when })
        .onConflictDoUpdate({ target: users.phone, set: { nickName: 'm', updatedAt: when } })
        .returning({ id: users.id })
        .getSQL(),
      db
        .update(users)
        .set({ online: true, lastLoginAt: when, lastLoginIp: null })
        .where(eq(users.id, 3))
        .returning({ id: users.id })
        .getSQL(),
      db.delete(stocks).where(eq(stocks.id, 9)).getSQL(),
    ];
    for (const q of built) expect(renderQuery(q)).toEqual(drizzleRender(q));
  });

  it('renders json objects and bytes itself, as drizzle does: the operation log, an upload, a raw object', () => {
    // these ran on every operator call and every upload; handed to drizzle, each was rendered twice
    const db = drizzle.mock();
    const when = new Date('2026-12-07T01:02:03.456Z');
    const built: SQL[] = [
      db
        .update(approvalRequests)
        .set({ result: { ok: true, list: [1, 2] } })
        .where(eq(approvalRequests.id, 1))
        .getSQL(),
      db
        .insert(operationLog)
        .values({
          adminId: 1,
          module: 'funds',
          action: 'adjust',
          method: 'POST',
          summary: { amount: '1.50', note: '备注' },
          result: 'ok',
          status: 0,
        })
        .returning({ id: operationLog.id })
        .getSQL(),
      db
        .insert(uploads)
        .values({ key: 'k', mime: 'image/png', size: 2, data: Buffer.from([0x89, 0x50]), createdAt: when })
        .getSQL(),
      sql`SELECT ${{ a: 1, b: [2] }}::jsonb AS doc, ${Buffer.from('xy')} AS data`,
    ];
    const handedOver = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
    let fast: ReturnType<typeof renderQuery>[];
    try {
      fast = built.map(renderQuery);
      expect(handedOver).not.toHaveBeenCalled();
    } finally {
      handedOver.mockRestore();
    }
    built.forEach((q, i) => expect(fast[i]).toEqual(drizzleRender(q)));
    expect(fast[2]!.params).toContainEqual(Buffer.from([0x89, 0x50]));
  });
});
