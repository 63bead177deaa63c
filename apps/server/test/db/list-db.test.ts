import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type pg from 'pg';
import { listPipelineOf, type Db } from '../../src/db/client.js';
import { listDb, statementName } from '../../src/db/named.js';
import { rows } from '../../src/db/rows.js';
import { users } from '../../src/modules/_kit/parties.js';
import { stationMessageRecipients, stationMessages } from '../../src/modules/messages/tables.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { appPost, appToken, credit, makeUser } from '../funds/funds.helpers.js';

/**
 * A platform user's hot reads (db/named.ts `listDb`): on PostgreSQL each statement is named and written on the
 * pipelined list connection, none takes a pool connection; they read what the pool reads; no transaction opens there.
 */
const PG = !!process.env.DATABASE_URL;
let t: TestApp;
const db = () => t.app.ctx.db;
const poolOf = () => (db() as unknown as { $client: pg.Pool }).$client;

beforeAll(async () => {
  // no jobs: the only statements are the calls'
  // a trading hour (a Tuesday, 10:00 Shanghai), so that a buy gets as far as its reads
  t = await createTestApp({ JOBS_ENABLED: 'false', QUOTE_CLOCK_START: '2026-11-24T10:00:00+08:00' });
}, 60_000);
afterAll(() => t.close());

describe('listDb', () => {
  it('is the handle itself inside a transaction, and on the embedded database', async () => {
    await db().transaction(async (tx) => {
      expect(listDb(tx as unknown as Db)).toBe(tx);
    });
    if (!PG) expect(listDb(db())).toBe(db());
    else expect(listDb(db())).not.toBe(db());
  });
});

describe.runIf(PG)("a platform user's hot reads on PostgreSQL", () => {
  /** The statements `call` wrote on the list connection (their configs), and the pool connections and pool statements it took. */
  async function spied<T>(call: () => Promise<T>): Promise<{ listed: pg.QueryConfig[]; checkouts: number; pooled: number; r: T }> {
    const pipeline = listPipelineOf(poolOf())!;
    const take = vi.spyOn(pipeline, 'take');
    const connect = vi.spyOn(poolOf(), 'connect');
    const query = vi.spyOn(poolOf(), 'query');
    try {
      const r = await call();
      return { listed: take.mock.calls.map(([q]) => q), checkouts: connect.mock.calls.length, pooled: query.mock.calls.length, r };
    } finally {
      take.mockRestore();
      connect.mockRestore();
      query.mockRestore();
    }
  }

  it('a page of messages: its three statements named on the list connection, no pool connection', async () => {
    const userId = await makeUser(t);
    const token = await appToken(t, userId);
    const [m] = await db()
      .insert(stationMessages)
      .values({ title: '核对', content: '您的账户已开通', audience: 'users', recipientCount: 1 })
      .returning({ id: stationMessages.id });
    await db().insert(stationMessageRecipients).values({ messageId: m!.id, userId });
    await appPost(t, '/app/message/list.do', {}, token); // the session read once, then kept
    const { listed, checkouts, pooled, r } = await spied(() => appPost(t, '/app/message/list.do', {}, token));
    expect(r.json()).toMatchObject({ status: 0, data: { total: 1, unread: 1, list: [{ id: m!.id, title: '核对', readAt: null }] } });
    expect(listed).toHaveLength(3);
    for (const q of listed) expect(q.name).toBe(statementName(q.text));
    expect({ checkouts, pooled }).toEqual({ checkouts: 0, pooled: 0 });
  });

  it("a page of positions and a buy's first read go there too", async () => {
    const userId = await makeUser(t);
    const token = await appToken(t, userId);
    await appPost(t, '/app/position/list.do', {}, token);
    const page = await spied(() => appPost(t, '/app/position/list.do', {}, token));
    expect(page.r.json()).toMatchObject({ status: 0, data: { total: 0, list: [] } });
    expect(page.listed).toHaveLength(2);
    expect({ checkouts: page.checkouts, pooled: page.pooled }).toEqual({ checkouts: 0, pooled: 0 });

    // a stock not listed: refused on the buyer's read (the user and the stock in one statement), on the list connection
    const buy = () => appPost(t, '/app/order/buy.do', { gid: 'sh600000', shares: 100, leverage: 2 }, token);
    await buy(); // the rules read once, then kept
    const refused = await spied(buy);
    expect(refused.r.json()).toMatchObject({ status: 1, msg: '股票不存在或已下架' });
    expect(refused.listed).toHaveLength(1);
    expect({ checkouts: refused.checkouts, pooled: refused.pooled }).toEqual({ checkouts: 0, pooled: 0 });
  });

  it('reads what the pool reads: a user row mapped the same (dates, money, flags)', async () => {
    const userId = await makeUser(t);
    await credit(t, userId, '1234.56');
    const viaPool = await db().select().from(users).where(eq(users.id, userId));
    const viaList = await listDb(db()).select().from(users).where(eq(users.id, userId));
    expect(viaList).toEqual(viaPool);
    expect(viaList[0]!.enableAmt).toBe('1234.56');
    const raw = rows<{ n: number; at: string }>(await listDb(db()).execute(sql`SELECT 1::int AS n, now() AS at`));
    expect(typeof raw[0]!.n).toBe('number');
    expect(typeof raw[0]!.at).toBe('string');
  });

  it('opens no transaction', async () => {
    await expect(listDb(db()).transaction(async () => undefined)).rejects.toThrow(/reads only/);
  });
});
