import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { agents, users } from '../../src/modules/_kit/parties.js';
import { fundRecords } from '../../src/modules/fundrecords/tables.js';
import { LedgerError, post, postAgent, postBatch, postingCtes } from '../../src/modules/fundrecords/ledger/index.js';
import { LOCKED_USER_COLUMNS } from '../../src/modules/fundrecords/ledger/locked.js';
import { verifyLedger } from '../../src/modules/fundrecords/ledger/verify.js';
import { createUser } from '../../src/modules/users/service.js';
import { AppError } from '../../src/http/errors.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { expectLedgerBalanced, newPhone } from '../users/users-helpers.js';

let t: TestApp;
beforeAll(async () => {
  // 200 postings to one user queue on its row lock while holding their connections, and the others queue for a
  // connection: on a busy machine that wait passed the default 3-s connect timeout (a refusal without a reason, in two
  // PostgreSQL runs beside other work). The test is about the balances under the race, not about how long a pool waits.
  t = await createTestApp({ DATABASE_CONNECT_TIMEOUT_MS: '20000' });
});
afterAll(() => t.close());

const db = () => t.app.ctx.db;
const newUser = (accountType = 0) => createUser(db(), { phone: newPhone(), passwordHash: 'x', accountType });
const balances = async (id: number) => {
  const [u] = await db()
    .select({ userAmt: users.userAmt, enableAmt: users.enableAmt, frozenAmt: users.frozenAmt })
    .from(users)
    .where(eq(users.id, id));
  return u!;
};
const failKey = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return e.key;
    throw e;
  }
  throw new Error('expected a refusal');
};

describe('ledger post()', () => {
  it('applies default effects and writes one record per entry with the balances after it', async () => {
    const id = await newUser();
    const recs = await post(db(), id, [
      { type: 'recharge', amount: '1000.00', reference: 'R1' },
      { type: 'subscription_freeze', amount: '-300' },
      { type: 'subscription_release', amount: '100.5' },
      { type: 'subscription_pay', amount: '-199.5' },
      { type: 'buy_margin', amount: '-250' },
      { type: 'sell_settlement', amount: '230', enable: '230', equity: '-20' },
      { type: 'fee', amount: '-1.25', note: 'buy fee' },
    ]);
    expect(recs).toHaveLength(7);
    expect(recs.map((r) => [r.type, r.amount, r.userAmtAfter, r.enableAmtAfter, r.frozenAmtAfter])).toEqual([
      ['recharge', '1000.00', '1000.00', '1000.00', '0.00'],
      ['subscription_freeze', '-300.00', '1000.00', '700.00', '300.00'],
      ['subscription_release', '100.50', '1000.00', '800.50', '199.50'],
      ['subscription_pay', '-199.50', '1000.00', '800.50', '0.00'],
      ['buy_margin', '-250.00', '1000.00', '550.50', '0.00'],
      ['sell_settlement', '230.00', '980.00', '780.50', '0.00'],
      ['fee', '-1.25', '978.75', '779.25', '0.00'],
    ]);
    const b = await balances(id);
    expect(b).toEqual({ userAmt: '978.75', enableAmt: '779.25', frozenAmt: '0.00' });
    expect(recs[0]).toMatchObject({ reference: 'R1', equityDelta: '1000.00', enableDelta: '1000.00', frozenDelta: '0.00' });
    expect(recs[6]!.note).toBe('buy fee');
  });

  it('expresses a withdrawal hold and its payment with explicit deltas', async () => {
    const id = await newUser();
    await post(db(), id, [{ type: 'recharge', amount: 500 }]);
    await post(db(), id, [{ type: 'withdraw', amount: '-200', enable: '-200', frozen: '200' }]);
    expect(await balances(id)).toEqual({ userAmt: '500.00', enableAmt: '300.00', frozenAmt: '200.00' });
    await post(db(), id, [{ type: 'withdraw', amount: '-200', frozen: '-200', equity: '-200', reference: 'W1' }]);
    expect(await balances(id)).toEqual({ userAmt: '300.00', enableAmt: '300.00', frozenAmt: '0.00' });
  });

  it('refuses to take any balance below zero and writes nothing then', async () => {
    const id = await newUser();
    await post(db(), id, [{ type: 'recharge', amount: '100' }]);
    expect(await failKey(post(db(), id, [{ type: 'manual_debit', amount: '-100.01' }]))).toBe('ledger_insufficient');
    // a later entry in the same batch going negative undoes the earlier ones
    expect(
      await failKey(
        post(db(), id, [
          { type: 'manual_debit', amount: '-50' },
          { type: 'subscription_freeze', amount: '-60' },
        ]),
      ),
    ).toBe('ledger_insufficient');
    expect(await failKey(post(db(), id, [{ type: 'subscription_release', amount: '1' }]))).toBe('ledger_insufficient');
    expect(await balances(id)).toEqual({ userAmt: '100.00', enableAmt: '100.00', frozenAmt: '0.00' });
    const n = await db().select({ id: fundRecords.id }).from(fundRecords).where(eq(fundRecords.userId, id));
    expect(n).toHaveLength(1);
  });

  it('runs inside the caller transaction: a rollback undoes the posting', async () => {
    const id = await newUser();
    await expect(
      db().transaction(async (tx) => {
        await post(tx, id, [{ type: 'recharge', amount: '10' }]);
        throw new Error('caller fails later');
      }),
    ).rejects.toThrow('caller fails later');
    expect(await balances(id)).toEqual({ userAmt: '0.00', enableAmt: '0.00', frozenAmt: '0.00' });
  });

  it('refuses simulated money on a real account, unknown users and malformed entries', async () => {
    const real = await newUser(0);
    const sim = await newUser(1);
    expect(await failKey(post(db(), real, [{ type: 'virtual_credit', amount: '5' }]))).toBe('ledger_virtual_on_real');
    await post(db(), sim, [{ type: 'virtual_credit', amount: '5' }]);
    expect(await failKey(post(db(), 99_999_999, [{ type: 'recharge', amount: '5' }]))).toBe('user_not_found');
    await expect(post(db(), real, [{ type: 'recharge', amount: '-5' }])).rejects.toBeInstanceOf(LedgerError);
    await expect(post(db(), real, [{ type: 'withdraw', amount: '5' }])).rejects.toBeInstanceOf(LedgerError);
    await expect(post(db(), real, [{ type: 'recharge', amount: '1.234' }])).rejects.toBeInstanceOf(LedgerError);
    await expect(post(db(), real, [{ type: 'recharge', amount: 'abc' }])).rejects.toBeInstanceOf(LedgerError);
    await expect(post(db(), real, [{ type: 'agent_credit', amount: '5' }])).rejects.toBeInstanceOf(LedgerError);
    await expect(post(db(), real, [{ type: 'nope' as never, amount: '5' }])).rejects.toBeInstanceOf(LedgerError);
  });

  it('keeps balances equal to the ledger under 200 concurrent postings', async () => {
    const id = await newUser();
    await post(db(), id, [{ type: 'recharge', amount: '100' }]);
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        post(db(), id, [i % 2 ? { type: 'manual_credit', amount: '3.33' } : { type: 'manual_debit', amount: '-7.77' }]),
      ),
    );
    const okCredits = results.filter((r, i) => r.status === 'fulfilled' && i % 2).length;
    const okDebits = results.filter((r, i) => r.status === 'fulfilled' && !(i % 2)).length;
    const refused = results.filter((r) => r.status === 'rejected');
    for (const r of refused) {
      const reason = (r as PromiseRejectedResult).reason as AppError;
      expect(reason.key, String(reason?.message ?? reason)).toBe('ledger_insufficient');
    }
    const expected = new Decimal(100).plus(new Decimal('3.33').mul(okCredits)).minus(new Decimal('7.77').mul(okDebits)).toFixed(2);
    expect((await balances(id)).enableAmt).toBe(expected);
    const [neg] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(fundRecords)
      .where(sql`${fundRecords.userId} = ${id} AND (${fundRecords.enableAmtAfter} < 0 OR ${fundRecords.userAmtAfter} < 0)`);
    expect(neg!.n).toBe(0);
    await expectLedgerBalanced(t);
  }, 120_000);
});

describe('ledger postBatch()', () => {
  it('posts many users at once like post() for each, a repeated user in order, the chain intact', async () => {
    const a = await newUser();
    const b = await newUser();
    await post(db(), a, [{ type: 'manual_credit', amount: '100.00' }]);
    await post(db(), b, [{ type: 'manual_credit', amount: '50.00' }]);
    await post(db(), a, [{ type: 'subscription_freeze', amount: '-60.00', reference: 'N-A' }]);
    const n = await postBatch(db(), [
      { userId: a, entry: { type: 'subscription_release', amount: '10.00', reference: 'N-A' } },
      { userId: b, entry: { type: 'manual_debit', amount: '-20.00' } },
      { userId: a, entry: { type: 'subscription_release', amount: '50.00', reference: 'N-A' } },
    ]);
    expect(n).toBe(3);
    expect(await balances(a)).toEqual({ userAmt: '100.00', enableAmt: '100.00', frozenAmt: '0.00' });
    expect(await balances(b)).toEqual({ userAmt: '30.00', enableAmt: '30.00', frozenAmt: '0.00' });
    const recs = await db().select().from(fundRecords).where(eq(fundRecords.userId, a)).orderBy(fundRecords.id);
    expect(recs.map((r) => [r.type, r.enableAmtAfter, r.frozenAmtAfter])).toEqual([
      ['manual_credit', '100.00', '0.00'],
      ['subscription_freeze', '40.00', '60.00'],
      ['subscription_release', '50.00', '50.00'],
      ['subscription_release', '100.00', '0.00'],
    ]);
    expect(await postBatch(db(), [])).toBe(0);
    await expectLedgerBalanced(t);
  });

  it('refuses the whole batch when one item would go below zero or names no user, and writes nothing', async () => {
    const a = await newUser();
    await post(db(), a, [{ type: 'manual_credit', amount: '10.00' }]);
    const before = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(fundRecords);
    expect(
      await failKey(
        postBatch(db(), [
          { userId: a, entry: { type: 'manual_debit', amount: '-6.00' } },
          { userId: a, entry: { type: 'manual_debit', amount: '-6.00' } },
        ]),
      ),
    ).toBe('ledger_insufficient');
    expect(await failKey(postBatch(db(), [{ userId: 99_999_999, entry: { type: 'manual_credit', amount: '1.00' } }]))).toBe(
      'user_not_found',
    );
    await expect(postBatch(db(), [{ userId: a, entry: { type: 'manual_credit', amount: '-1.00' } }])).rejects.toBeInstanceOf(LedgerError);
    expect(await balances(a)).toEqual({ userAmt: '10.00', enableAmt: '10.00', frozenAmt: '0.00' });
    expect(
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(fundRecords),
    ).toEqual(before);
  });
});

describe('ledger postingCtes(), unlocked', () => {
  const read = async (id: number) => (await db().select(LOCKED_USER_COLUMNS).from(users).where(eq(users.id, id)))[0]!;
  const records = async (id: number) => (await db().select().from(fundRecords).where(eq(fundRecords.userId, id))).length;
  const debit = { type: 'manual_debit' as const, amount: '-300.00', note: 'taken' };
  const write = (u: Awaited<ReturnType<typeof read>>, guard = sql`true`) => {
    const p = postingCtes(u, [debit], { unlocked: { guard } });
    return { p, run: db().execute(sql`WITH ${p.balances}, ${p.records} SELECT (SELECT count(*)::int FROM ledger_balances) AS n`) };
  };

  it('writes balances and record when the row is as read, and nothing when it changed or fails the guard', async () => {
    const id = await newUser();
    await post(db(), id, [{ type: 'recharge', amount: '1000.00' }]);
    const before = await read(id);
    // changed behind the read: another posting
    await post(db(), id, [{ type: 'recharge', amount: '1.00' }]);
    const stale = write(before);
    await stale.run;
    expect(before.enableAmt).toBe('1000.00');
    expect(await balances(id)).toEqual({ userAmt: '1001.00', enableAmt: '1001.00', frozenAmt: '0.00' });
    expect(await records(id)).toBe(2);
    // as read, but the caller's guard says no
    await write(await read(id), sql`trade_locked`).run;
    expect(await records(id)).toBe(2);
    // as read
    const fresh = await read(id);
    const ok = write(fresh);
    await ok.run;
    ok.p.written();
    expect(fresh).toMatchObject({ userAmt: '701.00', enableAmt: '701.00', frozenAmt: '0.00' });
    expect(await balances(id)).toEqual({ userAmt: '701.00', enableAmt: '701.00', frozenAmt: '0.00' });
    expect(await records(id)).toBe(3);
    // the same read a second time: the row has moved on
    await write({ ...fresh, userAmt: '1001.00', enableAmt: '1001.00' }).run;
    expect(await balances(id)).toEqual({ userAmt: '701.00', enableAmt: '701.00', frozenAmt: '0.00' });
    expect(await records(id)).toBe(3);
    expect((await verifyLedger(db())).offenders).toEqual([]);
  });
});

describe('the users summary trigger', () => {
  it('refuses a change of account type, also inside a many-row update', async () => {
    const a = await newUser();
    const b = await newUser();
    // drizzle wraps the database's error: its message is the cause's
    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => 'passed',
        (e: { cause?: { message?: string } }) => String(e.cause?.message),
      );
    expect(await refusal(db().execute(sql`UPDATE users SET account_type = 1 WHERE id = ${a}`))).toMatch(/account type cannot change/);
    expect(
      await refusal(
        db().execute(sql`UPDATE users SET account_type = CASE WHEN id = ${b} THEN 1 ELSE account_type END WHERE id IN (${a}, ${b})`),
      ),
    ).toMatch(/account type cannot change/);
    // a statement over many users that changes no type nor agent passes and leaves the summaries right
    await db().execute(sql`UPDATE users SET enable_amt = enable_amt WHERE id > 0`);
    expect((await verifyLedger(db())).offenders).toEqual([]);
  });
});

describe('agent ledger postAgent()', () => {
  it('moves an agent balance with records and refuses to go negative', async () => {
    const [a] = await db()
      .insert(agents)
      .values({ name: 'L', phone: newPhone(), passwordHash: 'x', inviteCode: `L${Date.now() % 1e6}`, path: [] })
      .returning({ id: agents.id });
    await db()
      .update(agents)
      .set({ path: [a!.id] })
      .where(eq(agents.id, a!.id));
    const [r] = await postAgent(db(), a!.id, [{ type: 'agent_credit', amount: '50' }]);
    expect(r).toMatchObject({ agentId: a!.id, userId: null, enableAmtAfter: '50.00', userAmtAfter: '50.00', frozenAmtAfter: '0.00' });
    expect(await failKey(postAgent(db(), a!.id, [{ type: 'agent_debit', amount: '-50.01' }]))).toBe('ledger_insufficient');
    await postAgent(db(), a!.id, [
      { type: 'agent_debit', amount: '-20' },
      { type: 'agent_commission', amount: '0.5' },
    ]);
    const [row] = await db().select({ balance: agents.balance }).from(agents).where(eq(agents.id, a!.id));
    expect(row!.balance).toBe('30.50');
    await expect(postAgent(db(), a!.id, [{ type: 'recharge', amount: '1' }])).rejects.toBeInstanceOf(LedgerError);
  });
});

describe('verifyLedger', () => {
  it('lists a user whose balance was changed outside the ledger, and a broken record chain', async () => {
    const id = await newUser();
    await post(db(), id, [{ type: 'recharge', amount: '10' }]);
    await db().execute(sql`UPDATE users SET enable_amt = enable_amt + 1 WHERE id = ${id}`);
    const bad = await verifyLedger(db());
    expect(bad.ok).toBe(false);
    expect(bad.offenders).toContainEqual(expect.objectContaining({ kind: 'user', id, problem: 'balance' }));
    await db().execute(sql`UPDATE users SET enable_amt = enable_amt - 1 WHERE id = ${id}`);
    await db().execute(sql`UPDATE fund_records SET enable_amt_after = enable_amt_after + 1 WHERE user_id = ${id}`);
    const chain = await verifyLedger(db());
    expect(chain.offenders).toContainEqual(expect.objectContaining({ kind: 'user', id, problem: 'chain' }));
    await db().execute(sql`UPDATE fund_records SET enable_amt_after = enable_amt_after - 1 WHERE user_id = ${id}`);
    await expectLedgerBalanced(t);
  });

  it('lists a row of each per-period or all-time summary that no longer matches the base tables', async () => {
    const id = await newUser();
    await post(db(), id, [{ type: 'recharge', amount: '10' }]);
    const summaries = [
      ['user_reg_days', sql`UPDATE user_reg_days SET n = n + 1 WHERE day = (SELECT max(day) FROM user_reg_days)`],
      ['fund_stats_day', sql`UPDATE fund_stats_day SET amount_in = amount_in + 1 WHERE day = (SELECT max(day) FROM fund_stats_day)`],
      ['fund_stats_hour', sql`UPDATE fund_stats_hour SET n = n + 1 WHERE hour = (SELECT max(hour) FROM fund_stats_hour)`],
      ['fund_stats_all', sql`UPDATE fund_stats_all SET amount_out = amount_out - 1 WHERE ctid = (SELECT ctid FROM fund_stats_all LIMIT 1)`],
      ['user_balances', sql`UPDATE user_balances SET enable_amt = enable_amt + 1 WHERE user_id = ${id}`],
    ] as const;
    for (const [problem, tamper] of summaries) {
      await db().execute(tamper);
      const report = await verifyLedger(db());
      expect([...new Set(report.offenders.map((o) => o.problem))]).toEqual([problem]);
      await db().execute(sql`SELECT rebuild_user_stats()`);
    }
    // the analysis page's trading volume: a summary row no position explains
    await db().execute(sql`INSERT INTO position_stats (day, agent_id, account_type, n, amount) VALUES ('2020-01-01', 0, 0, 1, 5)`);
    const report = await verifyLedger(db());
    expect(report.offenders).toEqual([expect.objectContaining({ kind: 'stats', problem: 'position_stats' })]);
    await db().execute(sql`DELETE FROM position_stats WHERE day = '2020-01-01'`);
    // the figures by tier, platform-wide and per agent: a deposit no record explains, then the rebuild from the records
    for (const [problem, insert] of [
      [
        'tier_stats',
        sql`INSERT INTO tier_stats (day, tier_id, account_type, kind, n, amount_in, amount_out) VALUES ('2020-01-01', 0, 0, 'recharge', 1, 5, 0)`,
      ],
      [
        'tier_agent_stats',
        sql`INSERT INTO tier_agent_stats (agent_id, day, tier_id, account_type, kind, n, amount_in, amount_out)
            VALUES (0, '2020-01-01', 0, 0, 'recharge', 1, 5, 0)`,
      ],
    ] as const) {
      await db().execute(insert);
      const byTier = await verifyLedger(db());
      expect(byTier.offenders).toEqual([expect.objectContaining({ kind: 'stats', problem })]);
      await db().execute(sql`SELECT rebuild_tier_stats()`);
    }
    await expectLedgerBalanced(t);
  });

  it("spreads a period's platform-wide totals over stripes by transaction, and reads them summed", async () => {
    // nine transactions posting one type in one hour: consecutive transaction ids, so not all in one stripe
    // (one row of the hour shared by every posting was the queue concurrent buys waited in, migration 0434)
    const id = await newUser();
    for (let i = 0; i < 9; i++) await post(db(), id, [{ type: 'recharge', amount: '1' }]);
    const stripes = async (table: 'fund_stats_hour' | 'fund_stats_day', period: 'hour' | 'day') => {
      const r = (await db().execute(
        sql`SELECT count(DISTINCT stripe)::int AS n FROM ${sql.raw(table)}
            WHERE type = 'recharge' AND ${sql.raw(period)} = (SELECT max(${sql.raw(period)}) FROM ${sql.raw(table)})`,
      )) as unknown as { rows: { n: number }[] };
      return r.rows[0]!.n;
    };
    expect(await stripes('fund_stats_hour', 'hour')).toBeGreaterThan(1);
    expect(await stripes('fund_stats_day', 'day')).toBeGreaterThan(1);
    await expectLedgerBalanced(t);
  });
});
