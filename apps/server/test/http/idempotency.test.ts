import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../src/db/rows.js';
import { jobByKey } from '../../src/jobs/registry.js';
import { appToken, balances, credit, makeUser, openRules } from '../funds/funds.helpers.js';
import { createTestApp, signedIn, type TestApp } from '../helpers.js';

/**
 * Issue 47: a POST with an Idempotency-Key acts once per key and principal; its retries get the first answer
 * byte for byte. On whichever database the run has (PGlite by default, PostgreSQL in CI's second run); the
 * concurrent cases across two instances are in test/races/idempotency.test.ts.
 */
let t: TestApp;
let admin: { id: number; token: string };
let other: { id: number; token: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, 'admin');
  other = await signedIn(t, 'admin');
  await openRules(t, (await signedIn(t, 'finance')).token);
});
afterAll(() => t.close());

const adjust = (body: Record<string, unknown>, key: string | undefined, token = admin.token, lang?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/admin/user/updateAmt.do',
    headers: {
      'content-type': 'application/json',
      admintoken: token,
      ...(key !== undefined ? { 'idempotency-key': key } : {}),
      ...(lang ? { lang } : {}),
    },
    payload: JSON.stringify(body),
  });

const successRows = async (userId: number) =>
  rows<{ n: number }>(
    await t.app.ctx.db.execute(
      sql`SELECT count(*)::int AS n FROM operation_log WHERE action = '/admin/user/updateAmt.do' AND result = 'ok' AND summary->'input'->>'userId' = ${String(userId)}`,
    ),
  )[0]!.n;
const fundRecords = async (userId: number) =>
  rows<{ n: number }>(await t.app.ctx.db.execute(sql`SELECT count(*)::int AS n FROM fund_records WHERE user_id = ${userId}`))[0]!.n;

describe('Idempotency-Key', () => {
  it('replays the first answer byte for byte, marked, with no second effect and no second success row', async () => {
    const userId = await makeUser(t);
    const body = { userId, amt: '100.00', direction: 0, note: '补偿' };
    const first = await adjust(body, 'intent-1');
    expect(first.json()).toMatchObject({ status: 0, data: { userAmt: '100.00' } });
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    for (const lang of ['zh-CN', 'en-US']) {
      const again = await adjust(body, 'intent-1', admin.token, lang);
      expect(again.statusCode).toBe(first.statusCode);
      expect(again.body).toBe(first.body); // the first answer's language too: the same bytes
      expect(again.headers['idempotent-replayed']).toBe('true');
    }
    expect((await balances(t, userId)).userAmt).toBe('100.00');
    expect(await fundRecords(userId)).toBe(1);
    expect(await successRows(userId)).toBe(1);
    // without a key, the same body is a new intent: it acts again
    expect((await adjust(body, undefined)).json().data.userAmt).toBe('200.00');
  });

  it('refuses another body under a used key, naming the key, and does nothing', async () => {
    const userId = await makeUser(t);
    await adjust({ userId, amt: '50', direction: 0, note: 'a' }, 'intent-2');
    const r = await adjust({ userId, amt: '5000', direction: 0, note: 'a' }, 'intent-2');
    expect(r.statusCode).toBe(422);
    expect(r.json()).toMatchObject({ status: 2, msg: expect.stringContaining('Idempotency-Key') });
    const en = await adjust({ userId, amt: '5000', direction: 0, note: 'a' }, 'intent-2', admin.token, 'en-US');
    expect(en.json().msg).toBe(
      'Invalid argument: this Idempotency-Key was already used for a different request; use a new key for a new action',
    );
    expect((await balances(t, userId)).userAmt).toBe('50.00');
    // and the key still answers its own body with its first answer
    expect((await adjust({ userId, amt: '50', direction: 0, note: 'a' }, 'intent-2')).headers['idempotent-replayed']).toBe('true');
  });

  it("scopes keys to the principal: another admin's same key is their own intent", async () => {
    const userId = await makeUser(t);
    const body = { userId, amt: '10', direction: 0, note: 'x' };
    const a = await adjust(body, 'shared-key');
    const b = await adjust(body, 'shared-key', other.token);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(a.json().data.recordId).not.toBe(b.json().data.recordId);
    expect((await balances(t, userId)).userAmt).toBe('20.00');
  });

  it('refuses a malformed key naming the header, in both languages, before anything runs', async () => {
    const userId = await makeUser(t);
    for (const bad of ['', 'a'.repeat(256), 'has space', 'tab\there', '中文键', 'k1, k2']) {
      const r = await adjust({ userId, amt: '10', direction: 0, note: 'x' }, bad);
      expect(r.json(), JSON.stringify(bad)).toMatchObject({
        status: 2,
        msg: '参数错误：请求头 Idempotency-Key 须为 1–255 个可见 ASCII 字符',
      });
    }
    const en = await adjust({ userId, amt: '10', direction: 0, note: 'x' }, 'has space', admin.token, 'en-US');
    expect(en.json().msg).toBe('Invalid argument: the Idempotency-Key header must be 1–255 visible ASCII characters');
    expect((await balances(t, userId)).userAmt).toBe('0.00');
    // the longest and the widest legal keys are taken
    expect((await adjust({ userId, amt: '1', direction: 0, note: 'x' }, 'k'.repeat(255))).json().status).toBe(0);
    expect((await adjust({ userId, amt: '1', direction: 0, note: 'x' }, '!~"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}')).json().status).toBe(0);
  });

  it('replays a refusal as the answer it was, and lets an invalid body be corrected under the same key', async () => {
    const userId = await makeUser(t);
    const debit = { userId, amt: '10', direction: 1, note: 'x' };
    const first = await adjust(debit, 'intent-3');
    expect(first.json().status).not.toBe(0);
    await credit(t, userId, '100');
    const again = await adjust(debit, 'intent-3');
    expect(again.body).toBe(first.body);
    expect((await balances(t, userId)).userAmt).toBe('100.00');
    // a body refused by its schema claimed nothing: the corrected body runs under that key
    expect((await adjust({ userId, amt: 'abc', direction: 0, note: 'x' }, 'intent-4')).json().status).toBe(2);
    expect((await adjust({ userId, amt: '5', direction: 0, note: 'x' }, 'intent-4')).json().status).toBe(0);
  });

  it("holds for the platform user API: a withdrawal request retried with its key holds the money once; another user's key never replays", async () => {
    const u1 = await makeUser(t);
    const u2 = await makeUser(t);
    await credit(t, u1, '5000');
    await credit(t, u2, '5000');
    const apply = (token: string, key: string) =>
      t.app.inject({
        method: 'POST',
        url: '/app/withdraw/apply.do',
        headers: { 'content-type': 'application/json', usertoken: token, 'idempotency-key': key },
        payload: JSON.stringify({ amount: '1000' }),
      });
    const tok1 = await appToken(t, u1);
    const first = await apply(tok1, 'w-1');
    expect(first.json().status, first.json().msg).toBe(0);
    const retry = await apply(tok1, 'w-1');
    expect(retry.body).toBe(first.body);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    // the request and its fee (0.5 % + 2) leave the balance once
    expect((await balances(t, u1)).userAmt).toBe('3993.00');
    const byOther = await apply(await appToken(t, u2), 'w-1');
    expect(byOther.headers['idempotent-replayed']).toBeUndefined();
    expect(byOther.json().data.id).not.toBe(first.json().data.id);
    const n = rows<{ n: number }>(await t.app.ctx.db.execute(sql`SELECT count(*)::int AS n FROM withdrawals WHERE user_id = ${u1}`));
    expect(n[0]!.n).toBe(1);
  });

  it('is documented on every signed-in POST of the OpenAPI document, the platform API included', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { admintoken: admin.token } })).json();
    for (const p of ['/app/withdraw/apply.do', '/app/recharge/create.do', '/admin/user/updateAmt.do']) {
      const param = doc.paths[p].post.parameters.find((x: { name: string }) => x.name === 'idempotency-key');
      expect(param, p).toMatchObject({ in: 'header', required: false });
      expect(param.description).toContain('24 h');
    }
  });

  it('is read on POST by a principal only: a GET and a public call without a token ignore it', async () => {
    const info = await t.app.inject({
      method: 'GET',
      url: '/api/user/info',
      headers: { admintoken: admin.token, 'idempotency-key': 'bad key' },
    });
    expect(info.json().status).toBe(0);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/adminUser/login.do',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'login-1' },
      payload: JSON.stringify({ username: 'nobody', password: 'x' }),
    });
    expect(login.headers['idempotent-replayed']).toBeUndefined();
    expect(rows(await t.app.ctx.db.execute(sql`SELECT 1 FROM idempotency_keys WHERE key = 'login-1'`))).toHaveLength(0);
  });

  it('answers for 24 h: an older key runs as new, and the cleanup job deletes it', async () => {
    const userId = await makeUser(t);
    const body = { userId, amt: '7', direction: 0, note: 'x' };
    await adjust(body, 'old-key');
    await t.app.ctx.db.execute(sql`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = 'old-key'`);
    await adjust(body, 'kept-key');
    const r = await adjust(body, 'old-key');
    expect(r.headers['idempotent-replayed']).toBeUndefined();
    expect((await balances(t, userId)).userAmt).toBe('21.00');
    await t.app.ctx.db.execute(sql`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = 'old-key'`);
    expect(await jobByKey('idempotency-cleanup')!.run(t.app.ctx)).toMatchObject({ deleted: 1 });
    const left = rows<{ key: string }>(
      await t.app.ctx.db.execute(sql`SELECT key FROM idempotency_keys WHERE key IN ('old-key', 'kept-key')`),
    );
    expect(left.map((x) => x.key)).toEqual(['kept-key']);
  });

  it('takes over a claim abandoned by a process that died before committing, once its lease is over', async () => {
    const userId = await makeUser(t);
    const body = { userId, amt: '3', direction: 0, note: 'x' };
    // what a process leaves when it dies mid-call: the claim, nothing committed
    await adjust(body, 'abandoned');
    await t.app.ctx.db.execute(
      sql`UPDATE idempotency_keys SET state = 'running', response = NULL, http_status = NULL, locked_until = now() - interval '1 second' WHERE key = 'abandoned'`,
    );
    const r = await adjust(body, 'abandoned');
    expect(r.headers['idempotent-replayed']).toBeUndefined();
    expect(r.json().status).toBe(0);
    // and one that committed before dying is answered "already done", not run again
    await t.app.ctx.db.execute(
      sql`UPDATE idempotency_keys SET state = 'committed', response = NULL, http_status = NULL, locked_until = now() - interval '1 second' WHERE key = 'abandoned'`,
    );
    const lost = await adjust(body, 'abandoned');
    expect(lost.json()).toMatchObject({ status: 0, msg: '该请求已处理成功（原应答已丢失，请刷新查看结果）' });
    expect((await balances(t, userId)).userAmt).toBe('6.00');
  });
});
