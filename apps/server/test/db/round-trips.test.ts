import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metrics } from '../../src/lib/metrics.js';
import { createTestApp, post, signedIn, type TestApp } from '../helpers.js';
import { appPost, appToken, credit, makeUser, openRules, rechargeChannels } from '../funds/funds.helpers.js';

/**
 * Issue 64: round trips per action, counted by the pool itself (`db_statements_total`, every statement BEGIN and
 * COMMIT included). Each budget is what the action takes now; the figure before the change is in its name — a change
 * that brings a round trip back fails here. PostgreSQL only: the embedded database has no pool to count on.
 */
const PG = !!process.env.DATABASE_URL;
let t: TestApp;
let finance: string;
let admin: string;

const statements = async () => (await metrics.dbStatements.get()).values[0]?.value ?? 0;
const trips = async () => (await metrics.dbRoundTrips.get()).values[0]?.value ?? 0;
/**
 * The statements `call` sent, the round trips they took (db/begin.ts: BEGIN rides with the next), and its answer —
 * with the notices it raised routed (their agents' lookup waits up to 25 ms for others: realtime/hub.ts).
 */
async function counted<T>(call: () => Promise<T>): Promise<{ n: number; trips: number; r: T }> {
  await t.app.realtime.settle(); // what the calls before it raised is not its
  const [s, tr] = [await statements(), await trips()];
  const r = await call();
  await t.app.realtime.settle();
  return { n: (await statements()) - s, trips: (await trips()) - tr, r };
}

beforeAll(async () => {
  if (!PG) return;
  // no jobs: the only statements are the calls'
  t = await createTestApp({ JOBS_ENABLED: 'false', DATABASE_LIST_CONNECTIONS: '0' });
  finance = (await signedIn(t, 'finance')).token;
  admin = (await signedIn(t, 'admin')).token;
  await openRules(t, finance, { maxOpenRechargePerHour: '1' });
}, 60_000);
afterAll(async () => {
  if (PG) await t.close();
});

describe.skipIf(!PG)('round trips per action', () => {
  it('a withdrawal the rules refuse: one read, no transaction, the session cached (was 6)', async () => {
    const userId = await makeUser(t);
    await credit(t, userId, '100');
    const token = await appToken(t, userId);
    await appPost(t, '/app/withdraw/apply.do', { amount: '500' }, token); // pay settings read once, then kept
    const { n, r } = await counted(() => appPost(t, '/app/withdraw/apply.do', { amount: '500' }, token));
    expect(r.json()).toMatchObject({ status: 1, msg: '提现金额不能超过可用资金 100.00' });
    expect(n).toBe(1);
  });

  it('a withdrawal made: the balances and records in one statement after the lock, no read after the commit (was 14)', async () => {
    const userId = await makeUser(t);
    await credit(t, userId, '5000');
    const token = await appToken(t, userId);
    const { n, trips, r } = await counted(() => appPost(t, '/app/withdraw/apply.do', { amount: '1000' }, token));
    expect(r.json()).toMatchObject({ status: 0, data: { amount: '1000.00' } });
    // session, checks, BEGIN, the transaction's id, locked checks, request, posting, COMMIT, the notice's agents
    expect(n).toBe(9);
    // BEGIN and the id written with the locked checks: 7 waits for PostgreSQL (9 before BEGIN was held)
    expect(trips).toBe(7);
  });

  it('a deposit past the hourly limit: one read, no transaction, the session cached (was 8)', async () => {
    const { channel } = await rechargeChannels(t, finance);
    const userId = await makeUser(t);
    const token = await appToken(t, userId);
    const first = await appPost(t, '/app/recharge/create.do', { channelId: channel, amount: '1000' }, token);
    expect(first.json()).toMatchObject({ status: 0 });
    const { n, r } = await counted(() => appPost(t, '/app/recharge/create.do', { channelId: channel, amount: '1000' }, token));
    expect(r.json()).toMatchObject({ status: 1 });
    expect(r.json().msg).toContain('1');
    expect(n).toBe(1);
  });

  it("an operator's balance adjustment: the log row's completion and seal in one statement, its id read with the row (was 13)", async () => {
    const userId = await makeUser(t);
    const { n, trips, r } = await counted(() =>
      post(t, '/admin/user/updateAmt.do', { userId, amt: '1000', direction: 0, note: '补偿' }, { token: admin }),
    );
    expect(r.json()).toMatchObject({ status: 0, data: { userAmt: '1000.00' } });
    // the commit-time id read and the completion's own statement are gone, and the posting is one statement
    expect(n).toBe(10);
    // and BEGIN rides with the first statement of each of its transactions
    expect(trips).toBeLessThan(n);
  });
});
