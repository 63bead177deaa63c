import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../src/db/rows.js';
import { appToken, balances, credit, makeUser, openRules, rechargeChannels } from '../funds/funds.helpers.js';
import { signedIn, type TestApp } from '../helpers.js';
import { twoInstances } from './instances.js';
import { ledgerVerified, report, tally } from './kit.js';

/**
 * Issue 47 on PostgreSQL with two instances: 50 POSTs of one intent (one Idempotency-Key) sent at once, alternating
 * between the instances — a withdrawal request, a deposit confirmation, a balance adjustment — act exactly once, and
 * every one of the 50 gets the same answer, byte for byte; one success row in the operation log.
 */
const PG = !!process.env.DATABASE_URL;
let inst: Awaited<ReturnType<typeof twoInstances>>;
let apps: TestApp[];
let fin: string;
let adm: string;
let channel: number;

beforeAll(async () => {
  if (!PG) return;
  inst = await twoInstances();
  apps = [inst.a, inst.b];
  fin = (await signedIn(inst.a, 'finance')).token;
  adm = (await signedIn(inst.a, 'admin')).token;
  await openRules(inst.a, fin);
  ({ channel } = await rechargeChannels(inst.a, fin));
}, 120_000);
afterAll(async () => {
  if (!PG) return;
  report('idempotency races');
  await inst.close();
});

const send = (t: TestApp, url: string, body: unknown, key: string, h: { admin?: string; user?: string }) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/json',
      'idempotency-key': key,
      ...(h.admin ? { admintoken: h.admin } : {}),
      ...(h.user ? { usertoken: h.user } : {}),
    },
    payload: JSON.stringify(body),
  });

/** 50 copies of one call at once across both instances: every answer the same bytes, success, none 5xx. */
async function fifty(url: string, body: unknown, key: string, h: { admin?: string; user?: string }): Promise<LightMyRequestResponse[]> {
  tally.races++;
  tally.calls += 50;
  const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => send(apps[i % 2]!, url, body, key, h)));
  expect(answers.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
  expect(new Set(answers.map((r) => r.body)).size, answers.map((r) => r.body).join('\n')).toBe(1);
  expect(answers[0]!.json().status, answers[0]!.body).toBe(0);
  expect(answers.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(49);
  return answers;
}

const count = async (q: ReturnType<typeof sql>) => rows<{ n: number }>(await inst.a.app.ctx.db.execute(q))[0]!.n;
const successRows = (action: string, target: string) =>
  count(sql`SELECT count(*)::int AS n FROM operation_log WHERE action = ${action} AND result = 'ok' AND target_id = ${target}`);

describe.skipIf(!PG)('one Idempotency-Key, 50 concurrent calls on two instances', () => {
  it('a withdrawal request: one request, the money held once', async () => {
    const id = await makeUser(inst.a);
    await credit(inst.a, id, '10000');
    const token = await appToken(inst.a, id);
    const [a] = await fifty('/app/withdraw/apply.do', { amount: '1000' }, `w-${id}`, { user: token });
    expect(await count(sql`SELECT count(*)::int AS n FROM withdrawals WHERE user_id = ${id}`)).toBe(1);
    expect((await balances(inst.a, id)).userAmt).toBe('8993.00'); // 1,000 and its fee (0.5 % + 2), once
    expect(a!.json().data.amount).toBe('1000.00');
    await ledgerVerified(inst.a);
  });

  it('a deposit confirmation: credited once, every operator retry told it succeeded', async () => {
    const id = await makeUser(inst.a);
    const token = await appToken(inst.a, id);
    const dep = (await send(inst.a, '/app/recharge/create.do', { amount: '1000', channelId: channel }, `d-${id}`, { user: token })).json();
    expect(dep.status, dep.msg).toBe(0);
    await fifty('/admin/recharge/confirm.do', { id: dep.data.id }, `c-${dep.data.id}`, { admin: fin });
    expect((await balances(inst.a, id)).userAmt).toBe('1000.00');
    expect(await successRows('/admin/recharge/confirm.do', String(dep.data.id))).toBe(1);
    await ledgerVerified(inst.a);
  });

  it('a balance adjustment: one fund record, one success row; another body under the key refused; another admin never replays it', async () => {
    const id = await makeUser(inst.a);
    const body = { userId: id, amt: '5000', direction: 0, note: '补偿' };
    await fifty('/admin/user/updateAmt.do', body, `a-${id}`, { admin: adm });
    expect((await balances(inst.a, id)).userAmt).toBe('5000.00');
    expect(await count(sql`SELECT count(*)::int AS n FROM fund_records WHERE user_id = ${id}`)).toBe(1);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM operation_log WHERE action = '/admin/user/updateAmt.do' AND result = 'ok' AND summary->'input'->>'userId' = ${String(id)}`,
      ),
    ).toBe(1);

    const other = await send(inst.b, '/admin/user/updateAmt.do', { ...body, amt: '50000' }, `a-${id}`, { admin: adm });
    expect(other.statusCode).toBe(422);
    expect(other.json().msg).toContain('Idempotency-Key');
    const second = (await signedIn(inst.a, 'admin')).token;
    const theirs = await send(inst.b, '/admin/user/updateAmt.do', body, `a-${id}`, { admin: second });
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect((await balances(inst.a, id)).userAmt).toBe('10000.00');
    await ledgerVerified(inst.a);
  });
});
