import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CloseStatement } from '@stock-admin/contracts';
import { rows } from '../../src/db/rows.js';
import { verifySinceClose } from '../../src/modules/close/index.js';
import { addDays, dayOf, dayStart } from '../../src/modules/close/statement.js';
import { credit, makeUser } from '../funds/funds.helpers.js';
import { post, signedIn, type TestApp } from '../helpers.js';
import { twoInstances } from '../races/instances.js';

/**
 * Issue 50 on PostgreSQL with two instances: a day is closed on one while operators on both post balance adjustments.
 * Every adjustment lands once and none is lost to the close; the statement balances against the records summed here;
 * the checkpoint the close stored agrees with the balances (verification from the close finds nothing) — a close that
 * read its checkpoint while a posting was in flight would leave a balance its checkpoint cannot explain.
 */
const PG = !!process.env.DATABASE_URL;
let a: TestApp;
let b: TestApp;
let close: () => Promise<void>;
const yesterday = addDays(dayOf(new Date()), -1);

beforeAll(async () => {
  if (!PG) return;
  ({ a, b, close } = await twoInstances({ JOBS_ENABLED: 'false' }));
}, 60_000);
afterAll(async () => {
  if (PG) await close();
});

describe.skipIf(!PG)('closing while postings run', () => {
  it('two instances post 120 adjustments while one closes yesterday: none waits for the close, each lands once, the books and the checkpoint agree', async () => {
    const users: number[] = [];
    for (let i = 0; i < 6; i++) {
      const id = await makeUser(a);
      await credit(a, id, '10000');
      users.push(id);
    }
    const lateUser = await makeUser(a);
    // yesterday's business: the credits, dated into it before any close exists
    await a.app.ctx.db.execute(sql`UPDATE fund_records SET created_at = ${`${yesterday}T12:00:00+08:00`}`);
    const tokens = [(await signedIn(a, 'admin')).token, (await signedIn(b, 'admin')).token];
    const finance = (await signedIn(a, 'finance')).token;
    const adjust = (n: number) =>
      post(
        n % 2 ? b : a,
        '/admin/user/updateAmt.do',
        { userId: users[n % users.length], amt: '1.25', direction: n % 3 ? 0 : 1, note: 'race' },
        {
          token: tokens[n % 2],
          json: true,
        },
      );
    // a close that takes its time (a year's day): storing the statement sleeps 6 s inside the close's transaction
    await a.app.ctx.db.execute(
      sql.raw(`
      CREATE FUNCTION slow_close() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(6); RETURN NEW; END $$;
      CREATE TRIGGER slow_close BEFORE INSERT ON daily_closes FOR EACH ROW EXECUTE FUNCTION slow_close();`),
    );
    const answered: Record<string, number> = {};
    const timed = <T>(name: string, p: Promise<T>) => p.finally(() => (answered[name] = Math.max(answered[name] ?? 0, performance.now())));
    const financeB = (await signedIn(b, 'finance')).token;
    const waiting = async (query: string) => {
      for (let i = 0; !rows(await a.app.ctx.db.execute(sql.raw(query))).length; i++) {
        if (i > 400) throw new Error(`never seen: ${query}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const closing = timed('close', post(a, '/admin/close/run.do', { day: yesterday }, { token: finance, json: true }));
    await waiting(`SELECT 1 FROM pg_stat_activity WHERE wait_event = 'PgSleep'`);
    // a record dated into yesterday while the close runs (a transaction begun before midnight): it must be in the
    // close's snapshot or booked today with its date noted — never dated into the closed day behind the statement
    const late = b.app.ctx.db.transaction(async (tx) => {
      // a user of its own, locked as the ledger does: the adjustments' users must not wait behind this record
      const [u] = rows<{ user_amt: string; enable_amt: string; frozen_amt: string }>(
        await tx.execute(sql`SELECT user_amt::text, enable_amt::text, frozen_amt::text FROM users WHERE id = ${lateUser} FOR UPDATE`),
      );
      return rows<{ created_at: string; note: string }>(
        await tx.execute(sql`
          INSERT INTO fund_records (user_id, type, amount, user_amt_after, enable_amt_after, frozen_amt_after, note, created_at)
          VALUES (${lateUser}, 'fee', 0, ${u!.user_amt}, ${u!.enable_amt}, ${u!.frozen_amt}, 'late', ${`${yesterday}T23:59:59+08:00`})
          RETURNING created_at::text, note`),
      )[0]!;
    });
    // it waits for the close, holding its posting's lock on fund_records
    await waiting(`SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%INSERT INTO fund_records%'`);
    // a second close of the same day on the other instance, now: it waits for the first, then answers what it stored.
    // Its checkpoint's lock request waits behind the late record; postings queued behind a request that waited as long
    // as the first close would wait past the pool's 3 s: they must not
    const closingB = timed('close', post(b, '/admin/close/run.do', { day: yesterday }, { token: financeB, json: true }));
    await waiting(`SELECT 1 FROM pg_locks WHERE NOT granted AND mode = 'ShareLock' AND relation = 'fund_records'::regclass`);
    const answers = await Promise.all([closing, closingB, ...Array.from({ length: 120 }, (_, n) => timed('postings', adjust(n)))]);
    const lateRecord = await late;
    expect(new Date(lateRecord.created_at).getTime()).toBeGreaterThanOrEqual(dayStart(addDays(yesterday, 1)).getTime());
    expect(lateRecord.note).toBe(`late (原日期 ${yesterday} 23:59:59)`);
    // postings held behind the close would queue for connections past the pool's wait: 503s, or at best all late
    expect(answers.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
    expect(answered.postings).toBeLessThan(answered.close!);
    const [closed, closedB, ...adjusted] = answers.map((r) => r.json() as { status: number; msg: string; data: unknown });
    expect(closed!.status, closed!.msg).toBe(0);
    expect(closedB!.status, closedB!.msg).toBe(0);
    expect((closedB!.data as CloseStatement).closedAt).toBe((closed!.data as CloseStatement).closedAt);
    const [stored] = rows<{ n: number }>(await a.app.ctx.db.execute(sql`SELECT count(*)::int AS n FROM daily_closes`));
    expect(stored!.n).toBe(1);
    expect(adjusted.every((r) => r.status === 0)).toBe(true);
    const [n] = rows<{ n: number }>(await a.app.ctx.db.execute(sql`SELECT count(*)::int AS n FROM fund_records WHERE note = 'race'`));
    expect(n!.n).toBe(120);

    const s = closed!.data as CloseStatement;
    const [sum] = rows<{ users: string }>(
      await a.app.ctx.db
        .execute(sql`SELECT coalesce(sum(f.equity_delta), 0)::text AS users FROM fund_records f JOIN users u ON u.id = f.user_id
                                      WHERE u.account_type = 0 AND f.created_at < ${dayStart(addDays(yesterday, 1)).toISOString()}`),
    );
    const usersRow = s.accounts.find((x) => x.account === 'users')!;
    expect(usersRow.closing).toBe(new Decimal(sum!.users).toFixed(2));
    expect(usersRow.closing).toBe('60000.00');
    expect(s.checks.balanced).toBe(true);
    expect(await verifySinceClose(b.app.ctx.db)).toMatchObject({ ok: true, offenders: [] });
  });
});
