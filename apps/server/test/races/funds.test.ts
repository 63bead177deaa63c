import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../src/db/rows.js';
import { appToken, balances, checkLedger, credit, makeUser, openRules, rechargeChannels } from '../funds/funds.helpers.js';
import { signedIn, type TestApp } from '../helpers.js';
import { twoInstances } from './instances.js';
import { call, decided, ledgerVerified, race, report } from './kit.js';

/**
 * Issue 36: deposits, withdrawals and balance adjustments decided by several operators (and their user) at once,
 * on PostgreSQL with two instances: one outcome per request, clean refusals for the rest, no 5xx.
 */
const PG = !!process.env.DATABASE_URL;
let inst: Awaited<ReturnType<typeof twoInstances>>;
let apps: TestApp[];
let fin1: string;
let fin2: string;
let channel: number;
let adm1: string;
let adm2: string;

beforeAll(async () => {
  if (!PG) return;
  inst = await twoInstances();
  apps = [inst.a, inst.b];
  fin1 = (await signedIn(inst.a, 'finance')).token;
  fin2 = (await signedIn(inst.a, 'finance')).token;
  adm1 = (await signedIn(inst.a, 'admin')).token;
  adm2 = (await signedIn(inst.a, 'admin')).token;
  await openRules(inst.a, fin1);
  ({ channel } = await rechargeChannels(inst.a, fin1));
}, 120_000);
afterAll(async () => {
  if (!PG) return;
  report('funds races');
  await inst.close();
});

async function user(cash = '10000') {
  const id = await makeUser(inst.a);
  if (cash !== '0') await credit(inst.a, id, cash);
  return { id, token: await appToken(inst.a, id) };
}
const withdraw = async (u: { token: string }, amount = '1000') => {
  const r = (await call(inst.a, '/app/withdraw/apply.do', { amount }, { user: u.token })).json();
  expect(r.status, r.msg).toBe(0);
  return r.data.id as number;
};
const deposit = async (u: { token: string }, amount = '1000') => {
  const r = (await call(inst.a, '/app/recharge/create.do', { amount, channelId: channel }, { user: u.token })).json();
  expect(r.status, r.msg).toBe(0);
  return r.data.id as number;
};
const reviewW = (id: number, state: 1 | 2, token: string) => (t: TestApp) =>
  call(t, '/admin/withdraw/updateState.do', state === 2 ? { id, state, reason: '风控' } : { id, state }, { admin: token });

describe.skipIf(!PG)('funds races on two instances', () => {
  it('30 reviews of one withdrawal, paid against rejected: one outcome, the ledger exact', async () => {
    for (let k = 0; k < 4; k++) {
      const u = await user();
      const id = await withdraw(u);
      const answers = await race(
        apps,
        Array.from({ length: 30 }, (_, i) => reviewW(id, i % 2 ? 1 : 2, i % 3 ? fin1 : fin2)),
      );
      for (const a of answers.filter((x) => x.status !== 0)) expect(a.msg).toMatch(/^该提现已(打款|驳回)，不能再次处理$/);
      expect((await checkLedger(inst.a, u.id)).ok).toBe(true);
    }
  });

  it('the user cancels a withdrawal while two operators review it: exactly one wins', async () => {
    for (let k = 0; k < 4; k++) {
      const u = await user();
      const id = await withdraw(u);
      await race(apps, [
        (t) => call(t, '/app/withdraw/cancel.do', { id }, { user: u.token }),
        reviewW(id, 1, fin1),
        reviewW(id, 2, fin2),
        (t) => call(t, '/app/withdraw/cancel.do', { id }, { user: u.token }),
      ]);
      expect((await balances(inst.a, u.id)).frozenAmt).toBe('0.00');
    }
  });

  it('a batch review against single reviews of the same withdrawals: each decided once', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => user()));
    const ids = await Promise.all(users.map((u) => withdraw(u, '500')));
    const answers = await race(
      apps,
      [
        (t) => call(t, '/admin/withdraw/batch.do', { ids, state: 2, reason: '批量驳回' }, { admin: fin1 }),
        ...ids.map((id) => reviewW(id, 1, fin2)),
        (t) => call(t, '/admin/withdraw/batch.do', { ids, state: 1 }, { admin: fin2 }),
      ],
      (ok) => ok >= 2,
    );
    expect(decided(answers, (b) => b.ok!)).toBe(ids.length);
    await ledgerVerified(inst.a);
  });

  it('30 decisions on one deposit, confirmed against rejected: credited at most once', async () => {
    for (let k = 0; k < 4; k++) {
      const u = await user('0');
      const id = await deposit(u);
      await race(
        apps,
        Array.from(
          { length: 30 },
          (_, i) => (t: TestApp) =>
            i % 2
              ? call(t, '/admin/recharge/confirm.do', { id }, { admin: i % 3 ? fin1 : fin2 })
              : call(t, '/admin/recharge/reject.do', { id, reason: '未到账' }, { admin: fin2 }),
        ),
      );
      const b = await balances(inst.a, u.id);
      expect(['0.00', '1000.00']).toContain(b.enableAmt);
    }
    await ledgerVerified(inst.a);
  });

  it('the user cancels a deposit while it is confirmed: one wins', async () => {
    for (let k = 0; k < 4; k++) {
      const u = await user('0');
      const id = await deposit(u);
      await race(apps, [
        (t) => call(t, '/app/recharge/cancel.do', { id }, { user: u.token }),
        (t) => call(t, '/admin/recharge/confirm.do', { id }, { admin: fin1 }),
        (t) => call(t, '/admin/recharge/confirm.do', { id }, { admin: fin2 }),
      ]);
    }
    await ledgerVerified(inst.a);
  });

  it('20 users deposit into a channel with a daily cap at once: never more than the cap opened, the rest refused', async () => {
    const capped = (
      await call(
        inst.a,
        '/admin/channel/add',
        { type: 'alipay', name: 'Ali-cap', displayName: '支付宝限额', account: 'cap@a.com', minAmount: '100', dailyCap: '1000' },
        { admin: fin1 },
      )
    ).json().data.id as number;
    const [dflt] = rows<{ id: number }>(await inst.a.app.ctx.db.execute(sql`SELECT id FROM layering_tiers WHERE is_default`));
    await call(inst.a, '/admin/channel/layering/channels/add', { layeringId: dflt!.id, channelIds: String(capped) }, { admin: fin1 });
    const users = await Promise.all(Array.from({ length: 20 }, () => user('0')));
    const answers = await race(
      apps,
      users.map((u) => (t: TestApp) => call(t, '/app/recharge/create.do', { amount: '300', channelId: capped }, { user: u.token })),
      3,
    );
    for (const a of answers.filter((x) => x.status !== 0)) expect(a.msg).toBe('该渠道今日额度已满，请选择其他渠道');
    const [sum] = rows<{ total: string; n: number }>(
      await inst.a.app.ctx.db.execute(
        sql`SELECT sum(amount)::text AS total, count(*)::int AS n FROM recharge_orders WHERE channel_id = ${capped}`,
      ),
    );
    expect(sum).toEqual({ total: '900.00', n: 3 });
  });

  it('balance adjustments by two operators at once on the same users all apply, each once', async () => {
    const users = await Promise.all(Array.from({ length: 4 }, () => user('1000')));
    await race(
      apps,
      users.flatMap((u) =>
        Array.from(
          { length: 10 },
          (_, i) => (t: TestApp) =>
            call(
              t,
              '/admin/user/updateAmt.do',
              { userId: u.id, amt: '10.00', direction: i % 2, note: '调账' },
              { admin: i % 2 ? adm1 : adm2 },
            ),
        ),
      ),
      40,
    );
    for (const u of users) expect((await balances(inst.a, u.id)).enableAmt).toBe('1000.00');
    await ledgerVerified(inst.a);
  });
});
