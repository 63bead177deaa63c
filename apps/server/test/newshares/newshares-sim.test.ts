import { afterAll, beforeAll, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { addBondIssueInput, addShareIssueInput, SUB_STATUS, type IssueKind } from '@stock-admin/contracts';
import { rows } from '../../src/db/rows.js';
import { AppError } from '../../src/http/errors.js';
import { verifyLedger } from '../../src/modules/fundrecords/ledger/index.js';
import { batchAllot } from '../../src/modules/newshares/batch.js';
import { convertListed, forfeitOverdue } from '../../src/modules/newshares/jobs.js';
import { deleteSubscription } from '../../src/modules/newshares/records.js';
import * as ns from '../../src/modules/newshares/service.js';
import { credit, makeUser } from '../funds/funds.helpers.js';
import { createTestApp, post, signedIn, type TestApp } from '../helpers.js';

/**
 * A seeded random new-share run (issue 23): applications of every type, cancels, deletes, single and batch
 * allotments (some racing each other), payments before and after the deadline, forfeits and listing-day
 * conversions, over share and bond issues; then ledger:verify must pass, no balance may be negative, every
 * record's money must match its status, and only refusals (AppError) are allowed along the way.
 */
const SEED = 20261125;
const OPS = 900;
const SUB_DAY = new Date('2026-11-24T10:00:00+08:00');
const PAY_DAY = new Date('2026-11-26T10:00:00+08:00');
const AFTER_DEADLINE = new Date('2026-11-28T10:00:00+08:00');
const LISTING = new Date('2026-12-01T10:00:00+08:00');

function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = rng(SEED);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({});
});
afterAll(() => t.close());
const db = () => t.app.ctx.db;

/** Runs an operation; a refusal is a normal outcome of a random run, anything else fails it. */
async function attempt<T>(f: () => Promise<T>): Promise<T | undefined> {
  try {
    return await f();
  } catch (e) {
    if (e instanceof AppError) return undefined;
    throw e;
  }
}

it('a seeded random lifecycle keeps the ledger whole', { timeout: 240_000 }, async () => {
  const admin = (await signedIn(t, 'admin')).token;
  const issues: { id: number; kind: IssueKind; type: string; lot: number }[] = [];
  const specs: [IssueKind, 'public' | 'placement' | 'rush'][] = [
    ['share', 'public'],
    ['share', 'placement'],
    ['share', 'placement'],
    ['share', 'rush'],
    ['bond', 'public'],
    ['bond', 'placement'],
  ];
  for (const [k, [kind, type]] of specs.entries()) {
    const code = kind === 'bond' ? String(118100 + k) : String(603700 + k);
    const v = (kind === 'bond' ? addBondIssueInput : addShareIssueInput).parse({
      code,
      name: `随机${k}`,
      market: 'sh',
      underlyingCode: kind === 'bond' ? '600519' : undefined,
      issuePrice: kind === 'bond' ? '100' : pick(['8.88', '23.45', '61.20']),
      issueSize: 10_000_000,
      maxPerUser: kind === 'bond' ? 1000 : 10_000,
      subscribeType: type,
      subscribeDate: type === 'rush' ? '2026-12-01' : '2026-11-24',
      allotDate: type === 'rush' ? '2026-12-01' : '2026-11-25',
      payDeadline: type === 'rush' ? '2026-12-01' : '2026-11-27',
      listingDate: '2026-12-01',
    });
    const i = await ns.createIssue(db(), kind, v, kind === 'bond' ? 'bond' : 'main');
    // conversion needs the product row
    const r = (await post(t, '/admin/stock/add.do', { code, name: v.name, market: 'sh' }, { token: admin })).json();
    if (r.status !== 0)
      await db().execute(
        sql`INSERT INTO stocks (code, name, market, gid, board) VALUES (${code}, ${v.name}, 'sh', ${'sh' + code}, 'main')`,
      );
    issues.push({ id: i.id, kind, type, lot: i.lotSize });
  }
  const users: number[] = [];
  for (let k = 0; k < 25; k++) {
    const u = await makeUser(t);
    await credit(t, u, pick(['20000.00', '150000.00', '800000.00']));
    users.push(u);
  }
  const subs = async (status?: number) =>
    rows<{ id: number; order_no: string; issue_id: number; user_id: number; applied_qty: number }>(
      await db().execute(sql`SELECT id, order_no, issue_id, user_id, applied_qty FROM newshare_subscriptions
                             ${status ? sql`WHERE status = ${status}` : sql``} ORDER BY id`),
    );

  const outcomes: Record<string, number> = {};
  const count = (k: string, ok: unknown) =>
    (outcomes[`${k}:${ok ? 'ok' : 'refused'}`] = (outcomes[`${k}:${ok ? 'ok' : 'refused'}`] ?? 0) + 1);
  for (let op = 0; op < OPS; op++) {
    const phase = op < OPS * 0.45 ? 'subscribe' : op < OPS * 0.7 ? 'allot' : op < OPS * 0.85 ? 'pay' : 'list';
    const r = rand();
    if (phase === 'subscribe' || r < 0.1) {
      const i = pick(issues);
      const when = i.type === 'rush' ? LISTING : SUB_DAY;
      count('apply', await attempt(() => ns.apply(db(), pick(users), i.id, i.lot * int(1, i.kind === 'bond' ? 40 : 60), when)));
      if (rand() < 0.1) {
        const p = pick(await subs(SUB_STATUS.pending));
        if (p) count('cancel', await attempt(() => ns.cancel(db(), p.id, rand() < 0.9 ? p.user_id : pick(users))));
      }
      if (rand() < 0.03) {
        const p = pick(await subs(SUB_STATUS.pending));
        if (p) count('delete', await attempt(() => deleteSubscription(db(), p.id, 1)));
      }
    } else if (phase === 'allot') {
      const pending = await subs(SUB_STATUS.pending);
      if (pending.length === 0) continue;
      if (rand() < 0.2) {
        // a batch of one issue's records, sometimes with a bad row (then nothing moves)
        const i = pick(issues);
        const mine = pending.filter((s) => s.issue_id === i.id).slice(0, int(1, 15));
        const lines = mine.map((s, k) => ({ line: k + 2, orderNo: s.order_no, allotted: i.lot * int(0, s.applied_qty / i.lot) }));
        if (rand() < 0.3 && lines.length) lines[0]!.allotted += 1;
        count('batch', (await attempt(() => batchAllot(db(), i.id, lines, 1, PAY_DAY)))?.applied);
      } else {
        const s = pick(pending);
        const i = issues.find((x) => x.id === s.issue_id)!;
        const qty = i.lot * int(0, s.applied_qty / i.lot);
        // two operators click at once: one outcome
        const both = await Promise.all([
          attempt(() => ns.allot(db(), s.id, qty, 1, PAY_DAY)),
          attempt(() => ns.allot(db(), s.id, qty, 1, PAY_DAY)),
        ]);
        expect(both.filter(Boolean).length).toBe(1);
        count('allot', true);
      }
    } else if (phase === 'pay') {
      const s = pick(await subs(SUB_STATUS.allotted));
      if (s) count('pay', await attempt(() => ns.pay(db(), s.id, null, rand() < 0.85 ? PAY_DAY : AFTER_DEADLINE)));
    } else {
      const job = rand();
      if (job < 0.15) count('forfeit', (await forfeitOverdue(db(), AFTER_DEADLINE)).forfeited);
      else if (job < 0.3) count('convertJob', (await convertListed(db(), LISTING)).converted);
      else {
        const s = pick(await subs(SUB_STATUS.paid));
        if (s) count('convert', await attempt(() => ns.convert(db(), s.id, 1, LISTING)));
      }
    }
  }
  await forfeitOverdue(db(), AFTER_DEADLINE);
  await convertListed(db(), LISTING);

  const report = await verifyLedger(db());
  expect(report.offenders).toEqual([]);
  const [neg] = rows<{ n: number }>(
    await db().execute(sql`SELECT count(*)::int AS n FROM users WHERE enable_amt < 0 OR frozen_amt < 0 OR user_amt < 0`),
  );
  expect(neg!.n).toBe(0);
  // money matches status: nothing frozen once a record has ended, a paid record holds exactly price × allotted
  const wrong = rows<{ id: number }>(
    await db().execute(sql`
      SELECT s.id FROM newshare_subscriptions s JOIN newshare_issues i ON i.id = s.issue_id
      WHERE (s.status IN (2, 5, 6, 7) AND s.frozen_amount <> 0)
         OR (s.status = 4 AND s.frozen_amount <> ceil(i.issue_price * s.allotted_qty * 100) / 100)
         OR (s.status = 5 AND s.position_id IS NULL)`),
  );
  expect(wrong).toEqual([]);
  const byStatus = rows<{ status: number; n: number }>(
    await db().execute(sql`SELECT status, count(*)::int AS n FROM newshare_subscriptions GROUP BY status ORDER BY status`),
  );
  // the run reached every end state (a run that refused everything would prove nothing)
  expect(byStatus.map((r) => r.status)).toEqual(expect.arrayContaining([2, 5, 6, 7]));
  expect(outcomes['apply:ok']).toBeGreaterThan(100);
  const converted = rows<{ margin: string; paid: string }>(
    await db().execute(sql`SELECT coalesce(sum(p.margin), 0)::text AS margin, coalesce(sum(s.paid_amount), 0)::text AS paid
                           FROM newshare_subscriptions s JOIN positions p ON p.id = s.position_id WHERE s.status = 5`),
  )[0]!;
  expect(new Decimal(converted.margin).eq(converted.paid)).toBe(true);
});
