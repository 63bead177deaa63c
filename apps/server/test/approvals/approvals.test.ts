import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../src/db/rows.js';
import { writeRule } from '../../src/modules/approvals/index.js';
import { sweepRequests } from '../../src/modules/approvals/requests.js';
import { newTotpSecret, totpCode } from '../../src/lib/totp.js';
import { balances, makeUser } from '../funds/funds.helpers.js';
import { post, signedIn, type TestApp } from '../helpers.js';
import { twoInstances } from '../races/instances.js';

/**
 * Issue 49, dual control, on PostgreSQL with two instances: a guarded call is held (nothing changes), a second
 * administrator's approval runs it once through the same service, the maker never decides their own, a state that
 * moved ends the request failed, rules loosen only with a second administrator, and step-up codes are checked.
 */
const PG = !!process.env.DATABASE_URL;
let a: TestApp;
let b: TestApp;
let close: () => Promise<void>;
let maker: { id: number; token: string };
let checker: { id: number; token: string };

beforeAll(async () => {
  if (!PG) return;
  ({ a, b, close } = await twoInstances({ JOBS_ENABLED: 'false' }));
  maker = await signedIn(a, 'admin');
  checker = await signedIn(a, 'admin');
  await a.app.ctx.db.transaction((tx) =>
    writeRule(tx, { operation: 'balance', enabled: true, threshold: '50000', expiresHours: 24 }, 'test'),
  );
}, 60_000);
afterAll(async () => {
  if (PG) await close();
});

const adjust = (t: TestApp, token: string, userId: number, amt: string, direction = 0) =>
  post(t, '/admin/user/updateAmt.do', { userId, amt, direction, note: '补偿' }, { token, json: true });
const decide = (t: TestApp, token: string, id: number, approve: boolean, extra: Record<string, unknown> = {}) =>
  post(t, '/admin/approval/decide.do', { id, approve, ...extra }, { token, json: true });
const records = async (userId: number) =>
  rows<{ n: number }>(await a.app.ctx.db.execute(sql`SELECT count(*)::int AS n FROM fund_records WHERE user_id = ${userId}`))[0]!.n;
const request = async (id: number) =>
  rows<{ status: string; reason: unknown }>(
    await a.app.ctx.db.execute(sql`SELECT status, reason FROM approval_requests WHERE id = ${id}`),
  )[0]!;

describe.skipIf(!PG)('dual control', () => {
  it('runs a call under the threshold at once, and holds one at or over it with nothing changed', async () => {
    const userId = await makeUser(a);
    const small = (await adjust(a, maker.token, userId, '49999.99')).json();
    expect(small).toMatchObject({ status: 0, data: { userAmt: '49999.99' } });
    const r = (await adjust(a, maker.token, userId, '50000', 0)).json();
    expect(r.status).toBe(0);
    expect(r.msg).toBe('已提交复核，等待另一位管理员批准');
    expect(r.data.approval).toMatchObject({ status: 'pending' });
    expect((await balances(a, userId)).userAmt).toBe('49999.99');
    expect(await records(userId)).toBe(1);
    const detail = (await post(a, '/admin/approval/detail.do', { id: r.data.approval.id }, { token: checker.token, json: true })).json();
    expect(detail.data).toMatchObject({ operation: 'balance', amount: '50000.00', status: 'pending', makerId: maker.id, decidable: true });
    expect(detail.data.summary).toMatch(/^给 用户\d+ #\d+ 加款 ¥50,000\.00$/);
    // English, for an English reader
    const en = (await adjust(a, maker.token, await makeUser(a), '60000')).json();
    expect(en.status).toBe(0);
    const again = (
      await post(
        a,
        '/admin/user/updateAmt.do',
        { userId, amt: '70000', direction: 0, note: 'x' },
        { token: maker.token, json: true, lang: 'en-US' },
      )
    ).json();
    expect(again.status).toBe(1);
    expect(again.msg).toContain(`#${r.data.approval.id}`);
  });

  it('refuses the maker their own decision, the super-user too', async () => {
    const userId = await makeUser(a);
    const held = (await adjust(a, maker.token, userId, '80000')).json().data.approval.id as number;
    const own = (await decide(a, maker.token, held, true)).json();
    expect(own).toMatchObject({ status: 1, msg: '不能复核自己提交的申请' });
    expect((await request(held)).status).toBe('pending');
    expect((await balances(a, userId)).userAmt).toBe('0.00');
  });

  it('ten checkers on two instances approving at once: one execution, one fund record, no 5xx', async () => {
    const userId = await makeUser(a);
    const held = (await adjust(a, maker.token, userId, '100000')).json().data.approval.id as number;
    const checkers = await Promise.all(Array.from({ length: 10 }, () => signedIn(a, 'admin')));
    const answers = await Promise.all(checkers.map((c, i) => decide(i % 2 ? b : a, c.token, held, true)));
    expect(answers.map((x) => x.statusCode).every((s) => s === 200)).toBe(true);
    expect(answers.filter((x) => x.json().status === 0)).toHaveLength(1);
    expect(await records(userId)).toBe(1);
    expect((await balances(a, userId)).userAmt).toBe('100000.00');
    expect((await request(held)).status).toBe('approved');
  });

  it('approval after the state moved: failed with the reason, nothing changed', async () => {
    const userId = await makeUser(a);
    await adjust(a, maker.token, userId, '1000');
    const held = (await adjust(a, maker.token, userId, '60000', 1)).json().data.approval.id as number;
    const r = (await decide(b, checker.token, held, true)).json();
    expect(r.status).toBe(1);
    expect(r.msg).toMatch(/^批准未执行：/);
    expect((await request(held)).status).toBe('failed');
    expect((await balances(a, userId)).userAmt).toBe('1000.00');
    expect(await records(userId)).toBe(1);
  });

  it('a rejection changes nothing; the maker may cancel their own pending request, no one else', async () => {
    const userId = await makeUser(a);
    const one = (await adjust(a, maker.token, userId, '90000')).json().data.approval.id as number;
    expect((await decide(a, checker.token, one, false, { note: '金额有误' })).json()).toMatchObject({
      status: 0,
      data: { status: 'rejected' },
    });
    const two = (await adjust(a, maker.token, userId, '90000')).json().data.approval.id as number;
    expect((await post(a, '/admin/approval/cancel.do', { id: two }, { token: checker.token, json: true })).json()).toMatchObject({
      status: 1,
    });
    expect((await post(a, '/admin/approval/cancel.do', { id: two }, { token: maker.token, json: true })).json()).toMatchObject({
      status: 0,
      data: { status: 'cancelled' },
    });
    expect((await decide(a, checker.token, two, true)).json()).toMatchObject({ status: 1 });
    expect((await balances(a, userId)).userAmt).toBe('0.00');
  });

  it('expires requests past their time (the job)', async () => {
    const userId = await makeUser(a);
    const held = (await adjust(a, maker.token, userId, '70000')).json().data.approval.id as number;
    await a.app.ctx.db.execute(sql`UPDATE approval_requests SET expires_at = now() - interval '1 minute' WHERE id = ${held}`);
    const swept = await sweepRequests(a.app.ctx);
    expect(swept.expired).toBeGreaterThanOrEqual(1);
    expect((await request(held)).status).toBe('expired');
    expect((await decide(a, checker.token, held, true)).json()).toMatchObject({ status: 1 });
  });

  it('loosening a rule needs a second administrator; tightening is immediate', async () => {
    const rule = (op: string) =>
      post(a, '/admin/approval/ruleList.do', {}, { token: checker.token, json: true }).then((r) =>
        r.json().data.find((x: { operation: string }) => x.operation === op),
      );
    const tighten = (
      await post(
        a,
        '/admin/approval/ruleUpdate.do',
        { operation: 'deposit.create', enabled: true, threshold: '10000' },
        { token: maker.token, json: true },
      )
    ).json();
    expect(tighten).toMatchObject({ status: 0, data: { enabled: true, threshold: '10000.00' } });
    const loosen = (
      await post(a, '/admin/approval/ruleUpdate.do', { operation: 'deposit.create', enabled: false }, { token: maker.token, json: true })
    ).json();
    expect(loosen.data.approval.status).toBe('pending');
    expect(await rule('deposit.create')).toMatchObject({ enabled: true, pendingChange: loosen.data.approval.id });
    expect((await decide(a, maker.token, loosen.data.approval.id, true)).json().status).toBe(1);
    expect((await decide(b, checker.token, loosen.data.approval.id, true)).json()).toMatchObject({
      status: 0,
      data: { status: 'approved' },
    });
    expect(await rule('deposit.create')).toMatchObject({ enabled: false, pendingChange: null });
  });

  it('asks a checker with an authenticator bound for its current code, and refuses a wrong one', async () => {
    const secret = newTotpSecret();
    const bound = await signedIn(a, 'admin');
    await a.app.ctx.db.execute(
      sql`UPDATE admins SET totp_enabled = true, totp_secret = ${a.app.ctx.secrets.seal(secret)}, totp_last_step = NULL WHERE id = ${bound.id}`,
    );
    const userId = await makeUser(a);
    const held = (await adjust(a, maker.token, userId, '55000')).json().data.approval.id as number;
    expect((await decide(a, bound.token, held, true)).json()).toMatchObject({ status: 1 });
    expect(
      (await decide(a, bound.token, held, true, { code: (await totpCode(secret)) === '000000' ? '111111' : '000000' })).json(),
    ).toMatchObject({ status: 1 });
    expect((await request(held)).status).toBe('pending');
    const ok = (await decide(a, bound.token, held, true, { code: await totpCode(secret) })).json();
    expect(ok).toMatchObject({ status: 0, data: { status: 'approved' } });
    expect((await balances(a, userId)).userAmt).toBe('55000.00');
  });

  it('holds position creation and access changes when their rules are on, and runs them on approval', async () => {
    await a.app.ctx.db.transaction((tx) =>
      writeRule(tx, { operation: 'access', enabled: true, threshold: null, expiresHours: 24 }, 'test'),
    );
    const r = (
      await post(a, '/admin/role/add.do', { name: `复核角色${Date.now() % 1e6}`, permissions: [] }, { token: maker.token, json: true })
    ).json();
    expect(r.data?.approval?.status, r.msg).toBe('pending');
    const before = rows<{ n: number }>(await a.app.ctx.db.execute(sql`SELECT count(*)::int AS n FROM admin_roles`))[0]!.n;
    const ok = (await decide(b, checker.token, r.data.approval.id, true)).json();
    expect(ok, ok.msg).toMatchObject({ status: 0, data: { status: 'approved' } });
    const after = rows<{ n: number }>(await a.app.ctx.db.execute(sql`SELECT count(*)::int AS n FROM admin_roles`))[0]!.n;
    expect(after).toBe(before + 1);
    await a.app.ctx.db.transaction((tx) =>
      writeRule(tx, { operation: 'access', enabled: false, threshold: null, expiresHours: 24 }, 'test'),
    );
  });
});
