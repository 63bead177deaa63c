import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../src/db/rows.js';
import { inDoubtStats } from '../../src/db/transactions.js';
import { appToken, balances, credit, makeUser, openRules } from '../funds/funds.helpers.js';
import { faultProxy, type FaultProxy } from '../fixtures/pg-fault-proxy.js';
import { createTestApp, signedIn, type TestApp } from '../helpers.js';

/**
 * Issue 47: the connection breaks at COMMIT. A proxy between the server and PostgreSQL forwards a balance
 * adjustment's COMMIT and cuts the connection before the acknowledgement comes back (or cuts it before the
 * COMMIT, or cuts it and lets nobody in). The answer must say what PostgreSQL did: never "failed" for a change
 * that committed. PostgreSQL only: the embedded database has no wire to lose an acknowledgement on.
 */
const PG = !!process.env.DATABASE_URL;
let proxy: FaultProxy;
let t: TestApp;
let token: string;

beforeAll(async () => {
  if (!PG) return;
  proxy = await faultProxy();
  const url = new URL(process.env.DATABASE_URL!);
  url.host = `127.0.0.1:${proxy.port}`;
  // no jobs: the only transactions through the proxy are the test's
  t = await createTestApp({ DATABASE_URL: url.toString(), JOBS_ENABLED: 'false', DATABASE_CONNECT_TIMEOUT_MS: '1000' });
  token = (await signedIn(t, 'admin')).token;
  await openRules(t, (await signedIn(t, 'finance')).token);
}, 60_000);
afterAll(async () => {
  if (!PG) return;
  proxy.heal();
  await t.close();
  await proxy.close();
});

/** The balance adjustment's transaction: the one that writes a fund record. */
const MARK = /fund_records/i;

const adjust = (userId: number, key: string, lang = 'zh-CN') =>
  t.app.inject({
    method: 'POST',
    url: '/admin/user/updateAmt.do',
    headers: { 'content-type': 'application/json', admintoken: token, 'idempotency-key': key, lang },
    payload: JSON.stringify({ userId, amt: '1000', direction: 0, note: '补偿' }),
  });
const records = async (userId: number) =>
  rows<{ n: number }>(await t.app.ctx.db.execute(sql`SELECT count(*)::int AS n FROM fund_records WHERE user_id = ${userId}`))[0]!.n;

const withdrawals = async (userId: number) =>
  rows<{ n: number }>(await t.app.ctx.db.execute(sql`SELECT count(*)::int AS n FROM withdrawals WHERE user_id = ${userId}`))[0]!.n;

/**
 * The test's own read once a connection was cut behind the call: the pool may still hold the cut connection idle for
 * the moment before its socket's end is read (nothing of the server's read it first since notices wait 25 ms to share
 * their agents' lookup), and the read then fails with "Connection terminated"; the next connection is sound.
 */
async function afterCut<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (err) {
    if (!/Connection terminated/.test(String((err as { cause?: unknown }).cause ?? err))) throw err;
    return read();
  }
}

/** A platform user's withdrawal request of 1000 (no operation-log row: its transaction id is read with its BEGIN). */
const withdraw = (user: string) =>
  t.app.inject({
    method: 'POST',
    url: '/app/withdraw/apply.do',
    headers: { 'content-type': 'application/json', usertoken: user },
    payload: JSON.stringify({ amount: '1000' }),
  });

describe.skipIf(!PG)('a COMMIT whose acknowledgement is lost', () => {
  it('committed: answered with the success, the change once; the retry replays it', async () => {
    const userId = await makeUser(t);
    const key = randomBytes(8).toString('hex');
    const before = inDoubtStats.committed;
    proxy.arm('after', MARK);
    const r = await adjust(userId, key);
    expect(proxy.struck).toBeGreaterThan(0);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ status: 0, data: { userId, userAmt: '1000.00' } });
    expect(inDoubtStats.committed).toBe(before + 1);
    expect((await balances(t, userId)).userAmt).toBe('1000.00');
    const again = await adjust(userId, key);
    expect(again.body).toBe(r.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await records(userId)).toBe(1);
  });

  it('never committed (the COMMIT cut before PostgreSQL read it): an error, nothing changed, and the retry runs once', async () => {
    const userId = await makeUser(t);
    const key = randomBytes(8).toString('hex');
    const before = inDoubtStats.aborted;
    proxy.arm('before', MARK);
    const r = await adjust(userId, key);
    expect(inDoubtStats.aborted).toBe(before + 1);
    expect(r.statusCode).toBe(503);
    expect(r.json()).toMatchObject({ status: 11, msg: '数据库暂不可用，请稍后重试' });
    expect((await balances(t, userId)).userAmt).toBe('0.00');
    const retry = await adjust(userId, key);
    expect(retry.json()).toMatchObject({ status: 0, data: { userAmt: '1000.00' } });
    expect(await records(userId)).toBe(1);
  });

  it('saved, then the connection lost while the call reads its result: answered as saved, never "failed" (a station message)', async () => {
    const title = `断线-${randomBytes(4).toString('hex')}`;
    // the send reads the message back after its transaction (its recipient count): that read is what fails
    proxy.arm('acked', /insert into "station_messages"/i);
    const r = await t.app.inject({
      method: 'POST',
      url: '/admin/stationMessage/send.do',
      headers: { 'content-type': 'application/json', admintoken: token },
      payload: JSON.stringify({ title, content: '系统维护通知', audience: 'all' }),
    });
    proxy.heal();
    expect(proxy.struck).toBeGreaterThan(0);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ status: 0, msg: '操作已成功保存，但读取结果时数据库连接中断：请刷新查看结果' });
    const n = rows<{ n: number }>(await t.app.ctx.db.execute(sql`SELECT count(*)::int AS n FROM station_messages WHERE title = ${title}`));
    expect(n[0]!.n).toBe(1);
  });

  it('a withdrawal request reads nothing after its commit (issue 64: the notice takes the user from the locked read): the cut after it does not touch its answer', async () => {
    const userId = await makeUser(t);
    await credit(t, userId, '5000');
    const user = await appToken(t, userId);
    proxy.arm('acked', /INSERT INTO "withdrawals"/i);
    const r = await withdraw(user);
    proxy.heal();
    expect(proxy.struck).toBeGreaterThan(0);
    expect(r.json()).toMatchObject({ status: 0, msg: '提现申请已提交', data: { amount: '1000.00' } });
    expect(await afterCut(() => withdrawals(userId))).toBe(1);
  });

  it("a platform user's withdrawal (no log row: its id read with its BEGIN, issue 64) whose COMMIT's acknowledgement is lost: answered as made, made once", async () => {
    const userId = await makeUser(t);
    await credit(t, userId, '5000');
    const user = await appToken(t, userId);
    const before = inDoubtStats.committed;
    proxy.arm('after', /INSERT INTO "withdrawals"/i);
    const r = await withdraw(user);
    expect(proxy.struck).toBeGreaterThan(0);
    expect(inDoubtStats.committed).toBe(before + 1);
    expect(r.json()).toMatchObject({ status: 0, msg: '提现申请已提交', data: { amount: '1000.00' } });
    const n = rows<{ n: number }>(await t.app.ctx.db.execute(sql`SELECT count(*)::int AS n FROM withdrawals WHERE user_id = ${userId}`));
    expect(n[0]!.n).toBe(1);
  });

  it('nobody can ask in time: 503 "outcome unknown, check before retrying"; the retry with the key is told it was done, not run again', async () => {
    const userId = await makeUser(t);
    const key = randomBytes(8).toString('hex');
    const before = inDoubtStats.unknown;
    proxy.arm('blackout', MARK);
    const r = await adjust(userId, key, 'en-US');
    proxy.heal();
    expect(inDoubtStats.unknown).toBe(before + 1);
    expect(r.statusCode).toBe(503);
    expect(r.json()).toMatchObject({
      status: 11,
      msg: 'The database connection broke while saving: the outcome is unknown. Check whether the action took effect before retrying (a retry with the same Idempotency-Key is safe)',
    });
    // it did commit: the retry must not credit again
    expect((await balances(t, userId)).userAmt).toBe('1000.00');
    const retry = await adjust(userId, key);
    expect(retry.json()).toMatchObject({ status: 0, msg: '该请求已处理成功（原应答已丢失，请刷新查看结果）' });
    expect(await records(userId)).toBe(1);
  }, 30_000);
});
