import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addBondIssueInput, addShareIssueInput, issuePhase, type IssueKind } from '@stock-admin/contracts';
import { rows } from '../../src/db/rows.js';
import { verifyLedger } from '../../src/modules/fundrecords/ledger/index.js';
import { AppError } from '../../src/http/errors.js';
import * as ns from '../../src/modules/newshares/service.js';
import { balances, credit, makeUser } from '../funds/funds.helpers.js';
import { createTestApp, post, signedIn, type TestApp } from '../helpers.js';

// Service-level lifecycle of new shares and new bonds (issue 23): balances at every step, the refusals,
// exactly-once transitions under 50 concurrent calls, and ledger:verify afterwards.
let t: TestApp;
let admin: string;
const SUB_DAY = new Date('2026-11-24T10:00:00+08:00');
const LATER = new Date('2026-11-26T10:00:00+08:00');
const TOO_LATE = new Date('2026-11-28T10:00:00+08:00');
const LISTING = new Date('2026-12-01T09:30:00+08:00');
let seq = 0;
beforeAll(async () => {
  t = await createTestApp({});
  admin = (await signedIn(t, 'admin')).token;
});
afterAll(() => t.close());

const db = () => t.app.ctx.db;
const ledgerOk = async () => expect((await verifyLedger(db())).offenders).toEqual([]);
async function issue(kind: IssueKind, type: 'public' | 'placement' | 'rush', o: Record<string, unknown> = {}) {
  const code = kind === 'bond' ? String(113000 + ++seq) : String(600900 + ++seq);
  const v = (kind === 'bond' ? addBondIssueInput : addShareIssueInput).parse({
    code,
    name: `新${seq}`,
    market: 'sh',
    underlyingCode: kind === 'bond' ? '600519' : undefined,
    issuePrice: kind === 'bond' ? '100' : '10.50',
    issueSize: 1_000_000,
    maxPerUser: 10_000,
    subscribeType: type,
    subscribeDate: '2026-11-24',
    allotDate: '2026-11-26',
    payDeadline: '2026-11-27',
    listingDate: '2026-12-01',
    // a rush is bought on listing day itself: every date is that day
    ...(type === 'rush' ? { subscribeDate: '2026-12-01', allotDate: '2026-12-01', payDeadline: '2026-12-01' } : {}),
    ...o,
  });
  return ns.createIssue(db(), kind, v, kind === 'bond' ? 'bond' : 'main');
}
async function listStock(code: string, name: string) {
  const r = (await post(t, '/admin/stock/add.do', { code, name, market: 'sh' }, { token: admin })).json();
  if (r.status !== 0) {
    // bond codes are not stock codes: the product row goes in directly (conversion requires it)
    await db().execute(
      sql`INSERT INTO stocks (code, name, market, gid, board) VALUES (${code}, ${name}, 'sh', ${'sh' + code}, 'main') ON CONFLICT DO NOTHING`,
    );
  }
}
async function user(cash = '100000.00') {
  const id = await makeUser(t);
  await credit(t, id, cash);
  return id;
}
const refusal = async (p: Promise<unknown>) => {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(AppError);
  return (e as AppError).message;
};
const openPositions = async (userId: number) =>
  rows<{ shares: number; margin: string; source: string; buy_price: string; leverage: number }>(
    await db().execute(
      sql`SELECT shares, margin::text, source, buy_price::text, leverage FROM positions WHERE user_id = ${userId} AND status = 'open'`,
    ),
  );

describe('validation and phases', () => {
  it('refuses dates out of order, caps off the lot or above the size, and a bond off face value', () => {
    const base = {
      code: '600901',
      name: 'x',
      market: 'sh',
      issuePrice: '10',
      issueSize: 1000,
      maxPerUser: 100,
      subscribeType: 'public',
      subscribeDate: '2026-11-24',
      allotDate: '2026-11-26',
      payDeadline: '2026-11-27',
      listingDate: '2026-12-01',
    };
    expect(addShareIssueInput.safeParse(base).success).toBe(true);
    const msg = (o: object, s = addShareIssueInput) =>
      s.safeParse({ ...base, ...o }).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`);
    expect(msg({ allotDate: '2026-11-23' })).toContain('allotDate:dates_out_of_order');
    expect(msg({ listingDate: '2026-11-26' })).toContain('listingDate:dates_out_of_order');
    expect(msg({ maxPerUser: 150 })).toContain('maxPerUser:cap_not_lot_multiple');
    expect(msg({ maxPerUser: 2000 })).toContain('maxPerUser:cap_above_issue_size');
    expect(msg({ issuePrice: '0' })).toContain('issuePrice:invalid_issue_price');
    expect(msg({ code: '300001', market: 'sh' })).toContain('code:code_market_mismatch');
    expect(msg({ code: '113001', issuePrice: '99' }, addBondIssueInput)).toContain('issuePrice:bond_face_value');
    expect(msg({ code: '113001', issuePrice: '100' }, addBondIssueInput)).toContain('underlyingCode:underlying_required');
  });
  it('phase tags come from the Shanghai calendar', () => {
    const i = { subscribeDate: '2026-11-24', listingDate: '2026-12-01' };
    expect(issuePhase(i, new Date('2026-11-23T15:59:00Z'))).toBe('upcoming'); // 23:59 Shanghai on the 23rd
    expect(issuePhase(i, new Date('2026-11-23T16:00:00Z'))).toBe('subscribing'); // 00:00 Shanghai on the 24th
    expect(issuePhase(i, new Date('2026-11-25T02:00:00Z'))).toBe('allotment');
    expect(issuePhase(i, new Date('2026-12-01T01:00:00Z'))).toBe('listed');
  });
});

describe('lifecycles', () => {
  it('public: apply (nothing frozen) → allot → pay (frozen) → convert (position at issue price, leverage 1)', async () => {
    const i = await issue('share', 'public');
    await listStock(i.code, i.name);
    const u = await user('100000.00');
    const s = await ns.apply(db(), u, i.id, 1000, SUB_DAY);
    expect(await balances(t, u)).toEqual({ userAmt: '100000.00', enableAmt: '100000.00', frozenAmt: '0.00' });
    await ns.allot(db(), s.id, 500, null, LATER);
    expect((await balances(t, u)).frozenAmt).toBe('0.00');
    await ns.pay(db(), s.id, null, LATER);
    expect(await balances(t, u)).toEqual({ userAmt: '100000.00', enableAmt: '94750.00', frozenAmt: '5250.00' });
    const c = await ns.convert(db(), s.id, null, LATER);
    expect(c.status).toBe(5);
    expect(await balances(t, u)).toEqual({ userAmt: '100000.00', enableAmt: '94750.00', frozenAmt: '0.00' });
    expect(await openPositions(u)).toEqual([{ shares: 500, margin: '5250.00', source: 'newshare', buy_price: '10.5000', leverage: 1 }]);
    await ledgerOk();
  });

  it('placement: apply freezes all, allotment refunds the rest and counts as paid, convert', async () => {
    const i = await issue('share', 'placement');
    await listStock(i.code, i.name);
    const u = await user('20000.00');
    const s = await ns.apply(db(), u, i.id, 1000, SUB_DAY);
    expect(await balances(t, u)).toEqual({ userAmt: '20000.00', enableAmt: '9500.00', frozenAmt: '10500.00' });
    const a = await ns.allot(db(), s.id, 300, null, LATER);
    expect(a.status).toBe(4);
    expect(await balances(t, u)).toEqual({ userAmt: '20000.00', enableAmt: '16850.00', frozenAmt: '3150.00' });
    await ns.convert(db(), s.id, null, LATER);
    expect(await balances(t, u)).toEqual({ userAmt: '20000.00', enableAmt: '16850.00', frozenAmt: '0.00' });
    expect((await openPositions(u))[0]).toMatchObject({ shares: 300, margin: '3150.00' });
    await ledgerOk();
  });

  it('placement: not allotted refunds everything; cancel while pending refunds too', async () => {
    const i = await issue('share', 'placement');
    const u = await user('30000.00');
    const s1 = await ns.apply(db(), u, i.id, 1000, SUB_DAY);
    const s2 = await ns.apply(db(), u, i.id, 1000, SUB_DAY);
    expect((await balances(t, u)).frozenAmt).toBe('21000.00');
    expect((await ns.allot(db(), s1.id, 0, null, LATER)).status).toBe(2);
    expect((await ns.cancel(db(), s2.id, u)).status).toBe(7);
    expect(await balances(t, u)).toEqual({ userAmt: '30000.00', enableAmt: '30000.00', frozenAmt: '0.00' });
    await ledgerOk();
  });

  it('rush: applies on listing day only; bond: lots of 10 at face value into its own position', async () => {
    const r = await issue('share', 'rush');
    const u = await user('100000.00');
    expect(await refusal(ns.apply(db(), u, r.id, 100, LATER))).toBe('newshare.not_in_window');
    const s = await ns.apply(db(), u, r.id, 100, LISTING);
    await ns.allot(db(), s.id, 100, null, LISTING);
    await ns.pay(db(), s.id, null, LISTING);
    expect((await balances(t, u)).frozenAmt).toBe('1050.00');

    const b = await issue('bond', 'public');
    await listStock(b.code, b.name);
    expect(await refusal(ns.apply(db(), u, b.id, 15, SUB_DAY))).toBe('newshare.lot');
    const bs = await ns.apply(db(), u, b.id, 20, SUB_DAY);
    await ns.allot(db(), bs.id, 10, null, LATER);
    await ns.pay(db(), bs.id, null, LATER);
    await ns.convert(db(), bs.id, null, LATER);
    expect((await openPositions(u)).find((p) => p.source === 'newbond')).toMatchObject({ shares: 10, margin: '1000.00', leverage: 1 });
    await ledgerOk();
  });
});

describe('refusals', () => {
  it('cap, allot above applied, pay after deadline, double transitions, delete with subscriptions, missing product', async () => {
    const i = await issue('share', 'public');
    const u = await user('1000000.00');
    expect(await refusal(ns.apply(db(), u, i.id, 10_100, SUB_DAY))).toBe('newshare.over_cap');
    const s = await ns.apply(db(), u, i.id, 1000, SUB_DAY);
    expect(await refusal(ns.apply(db(), u, i.id, 9100, SUB_DAY))).toBe('newshare.over_cap');
    expect(await refusal(ns.allot(db(), s.id, 1100, null))).toBe('newshare.allot_above_applied');
    await ns.allot(db(), s.id, 500, null, LATER);
    expect(await refusal(ns.allot(db(), s.id, 500, null))).toBe('newshare.already_handled');
    expect(await refusal(ns.cancel(db(), s.id, u))).toBe('newshare.already_handled');
    expect(await refusal(ns.pay(db(), s.id, null, TOO_LATE))).toBe('newshare.pay_deadline_passed');
    await ns.pay(db(), s.id, null, LATER);
    expect(await refusal(ns.convert(db(), s.id, null))).toBe('newshare.stock_missing');
    expect(await refusal(ns.deleteIssue(db(), i.id))).toBe('newshare.issue_has_subscriptions');
    const empty = await issue('share', 'public');
    await ns.deleteIssue(db(), empty.id);
    expect(await refusal(ns.deleteIssue(db(), empty.id))).toBe('newshare.issue_not_found');
    await ledgerOk();
  });

  it('an unpaid allotment is forfeited once', async () => {
    const i = await issue('share', 'public');
    const u = await user();
    const s = await ns.apply(db(), u, i.id, 100, SUB_DAY);
    await ns.allot(db(), s.id, 100, null, LATER);
    expect((await ns.forfeit(db(), s.id))?.status).toBe(6);
    expect(await ns.forfeit(db(), s.id)).toBeUndefined();
  });
});

describe('concurrency', () => {
  it('50 concurrent allots and 50 concurrent converts on one record: one outcome each', async () => {
    const i = await issue('share', 'placement');
    await listStock(i.code, i.name);
    const u = await user('50000.00');
    const s = await ns.apply(db(), u, i.id, 1000, SUB_DAY);
    const allots = await Promise.allSettled(Array.from({ length: 50 }, (_, k) => ns.allot(db(), s.id, 100 * ((k % 10) + 1), null, LATER)));
    expect(allots.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const converts = await Promise.allSettled(Array.from({ length: 50 }, () => ns.convert(db(), s.id, null, LATER)));
    expect(converts.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await openPositions(u)).toHaveLength(1);
    expect((await balances(t, u)).frozenAmt).toBe('0.00');
    await ledgerOk();
  });
});

describe('jobs (fake clock)', () => {
  it('forfeits unpaid allotments past the deadline and converts paid ones on listing day, idempotently', async () => {
    const { forfeitOverdue, convertListed } = await import('../../src/modules/newshares/jobs.js');
    const i = await issue('share', 'public');
    await listStock(i.code, i.name);
    const u = await user('100000.00');
    const unpaid = await ns.apply(db(), u, i.id, 100, SUB_DAY);
    const paid = await ns.apply(db(), u, i.id, 100, SUB_DAY);
    await ns.allot(db(), unpaid.id, 100, null, LATER);
    await ns.allot(db(), paid.id, 100, null, LATER);
    await ns.pay(db(), paid.id, null, LATER);
    expect((await forfeitOverdue(db(), LATER)).forfeited).toBe(0); // deadline not passed yet
    expect((await forfeitOverdue(db(), TOO_LATE)).forfeited).toBeGreaterThanOrEqual(1);
    expect((await forfeitOverdue(db(), TOO_LATE)).forfeited).toBe(0);
    expect((await convertListed(db(), TOO_LATE)).converted).toBe(0); // not listed yet
    const listed = new Date('2026-12-01T09:25:00+08:00');
    expect((await convertListed(db(), listed)).converted).toBeGreaterThanOrEqual(1);
    expect((await convertListed(db(), listed)).converted).toBe(0);
    const [a, b] = await Promise.all([ns.allot(db(), unpaid.id, 100, null).catch(() => 'refused'), balances(t, u)]);
    expect(a).toBe('refused');
    expect(b).toEqual({ userAmt: '100000.00', enableAmt: '98950.00', frozenAmt: '0.00' });
    await ledgerOk();
  });
});

describe('batch allotment', () => {
  it('all or nothing with a per-row report; placement refunds through the ledger', async () => {
    const { batchAllot } = await import('../../src/modules/newshares/batch.js');
    const i = await issue('share', 'placement');
    const u = await user('100000.00');
    const subs = [];
    for (let k = 0; k < 3; k++) subs.push(await ns.apply(db(), u, i.id, 1000, SUB_DAY));
    expect((await balances(t, u)).frozenAmt).toBe('31500.00');
    const bad = await batchAllot(
      db(),
      i.id,
      [
        { line: 2, orderNo: subs[0]!.orderNo, allotted: 500 },
        { line: 3, orderNo: subs[1]!.orderNo, allotted: 2000 },
        { line: 4, orderNo: 'NOPE', allotted: 100 },
      ],
      null,
    );
    expect(bad.applied).toBe(false);
    expect(bad.report.map((r) => r.reason ?? r.result)).toEqual(['ok', 'above_applied', 'not_found']);
    expect((await balances(t, u)).frozenAmt).toBe('31500.00');
    const good = await batchAllot(
      db(),
      i.id,
      [
        { line: 2, orderNo: subs[0]!.orderNo, allotted: 500 },
        { line: 3, orderNo: subs[1]!.orderNo, allotted: 0 },
        { line: 4, orderNo: subs[2]!.orderNo, allotted: 1000 },
      ],
      null,
    );
    expect(good.applied).toBe(true);
    expect(await balances(t, u)).toEqual({ userAmt: '100000.00', enableAmt: '84250.00', frozenAmt: '15750.00' });
    const again = await batchAllot(db(), i.id, [{ line: 2, orderNo: subs[0]!.orderNo, allotted: 500 }], null);
    expect(again.report[0]!.reason).toBe('not_pending');
    await ledgerOk();
  });
});
