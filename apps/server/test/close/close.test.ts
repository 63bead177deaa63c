import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CloseStatement } from '@stock-admin/contracts';
import { rows } from '../../src/db/rows.js';
import { seedDemo } from '../../src/modules/seed.js';
import { verifySinceClose } from '../../src/modules/close/index.js';
import { addDays, dayOf, dayStart } from '../../src/modules/close/statement.js';
import { makeAgent } from '../funds/funds.helpers.js';
import { createTestApp, post, signedIn, type TestApp } from '../helpers.js';

/**
 * Issue 50: the daily close over the demo's history (every domain's demo data, made through the services: deposits and
 * withdrawals per channel, adjustments, buys and sells with fees, spreads and stamp duty, deferral fees, new-share
 * payments, commissions), its 30 days closed by the seed. Each statement is checked against the fund records summed
 * here, not by the code that wrote it. Runs on PGlite and, in CI's second phase, on PostgreSQL.
 */
let t: TestApp;
let token: string;
const yesterday = addDays(dayOf(new Date()), -1);

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.app.ctx);
  token = (await signedIn(t, 'finance')).token;
}, 240_000);
afterAll(() => t?.close());

const call = async (path: string, body: Record<string, unknown>, tk = token, lang = 'zh-CN') =>
  (await post(t, path, body, { token: tk, json: true, lang })).json() as Promise<{ status: number; msg: string; data: never }>;
const detail = async (day: string) => (await call('/admin/close/detail.do', { day })).data as CloseStatement;
const q = async <T>(s: ReturnType<typeof sql>) => rows<T>(await t.app.ctx.db.execute(s));

/** Σ equity of an account's records before `at`, read straight from fund_records. */
async function ledgerBefore(at: Date) {
  const [r] = await q<{ users: string; agents: string; simulated: string }>(sql`
    SELECT coalesce(sum(f.equity_delta) FILTER (WHERE f.user_id IS NOT NULL AND u.account_type = 0), 0)::text AS users,
           coalesce(sum(f.equity_delta) FILTER (WHERE f.user_id IS NOT NULL AND u.account_type <> 0), 0)::text AS simulated,
           coalesce(sum(f.equity_delta) FILTER (WHERE f.agent_id IS NOT NULL), 0)::text AS agents
    FROM fund_records f LEFT JOIN users u ON u.id = f.user_id WHERE f.created_at < ${at.toISOString()}`);
  return r!;
}

describe('the statement proves itself', () => {
  it('30 closed days: opening + Σ movements = closing = the ledger summed here, and each day opens where the last closed', async () => {
    const list = await call('/admin/close/list.do', { pageNum: 1, pageSize: 40 });
    expect(list.status).toBe(0);
    const items = (list.data as { list: { day: string; status: string }[]; total: number }).list;
    expect(items[0]!.status).toBe('open'); // today
    expect(items.filter((i) => i.status === 'closed')).toHaveLength(30);
    let before: CloseStatement | undefined;
    const kinds = new Set<string>();
    for (let d = addDays(yesterday, -29); d <= yesterday; d = addDays(d, 1)) {
      const s = await detail(d);
      expect(s.status, d).toBe('closed');
      const expected = await ledgerBefore(dayStart(addDays(d, 1)));
      for (const a of s.accounts) {
        const moved = s.movements.filter((m) => m.account === a.account).reduce((x, m) => x.plus(m.amount), new Decimal(0));
        expect(new Decimal(a.opening).plus(moved).toFixed(2), `${d} ${a.account}`).toBe(a.closing);
        if (a.account !== 'house') expect(a.closing, `${d} ${a.account}`).toBe(new Decimal(expected[a.account]).toFixed(2));
      }
      if (before) expect(s.accounts.map((a) => a.opening)).toEqual(before.accounts.map((a) => a.closing));
      expect(s.checks).toMatchObject({ balanced: true, chained: true, positionsAgree: true });
      s.movements.forEach((m) => kinds.add(m.kind));
      before = s;
    }
    // every kind of record that moved money in those days is in the statements, the demo's usual ones among them
    const booked = await q<{ kind: string }>(sql`
      SELECT DISTINCT CASE WHEN type = 'fee' AND note = 'spread' THEN 'spread' ELSE type END AS kind FROM fund_records
      WHERE equity_delta <> 0 AND created_at >= ${dayStart(addDays(yesterday, -29)).toISOString()}
        AND created_at < ${dayStart(addDays(yesterday, 1)).toISOString()}`);
    expect([...kinds].sort()).toEqual(booked.map((b) => b.kind).sort());
    for (const k of ['recharge', 'withdraw', 'withdraw_fee', 'fee', 'deferral_fee', 'sell_settlement', 'manual_credit'])
      expect([...kinds], k).toContain(k);
    // today opens where yesterday closed
    const today = await detail(dayOf(new Date()));
    expect(today.status).toBe('open');
    expect(today.accounts.map((a) => a.opening)).toEqual(before!.accounts.map((a) => a.closing));
  });

  it("the house's result is what real users paid it less commissions: the fees summed from the records", async () => {
    const s = await detail(yesterday);
    const [r] = await q<{ fees: string; commissions: string }>(sql`
      SELECT coalesce(-sum(f.equity_delta) FILTER (WHERE f.type IN ('fee', 'deferral_fee', 'withdraw_fee', 'withdraw_fee_refund', 'sell_settlement')
                                                  AND u.account_type = 0), 0)::text AS fees,
             coalesce(sum(f.equity_delta) FILTER (WHERE f.type = 'agent_commission'), 0)::text AS commissions
      FROM fund_records f LEFT JOIN users u ON u.id = f.user_id
      WHERE f.created_at >= ${dayStart(yesterday).toISOString()} AND f.created_at < ${dayStart(addDays(yesterday, 1)).toISOString()}`);
    expect(s.house.day).toBe(new Decimal(r!.fees).minus(r!.commissions).toFixed(2));
    expect(s.house.commissions).toBe(new Decimal(r!.commissions).toFixed(2));
  });
});

describe('the open exposure', () => {
  it("today's: real users' open positions by side, margin, cost and market value at the last quote, as counted here", async () => {
    const s = await detail(dayOf(new Date()));
    const sides = await q<{ direction: string; n: number; margin: string; cost: string; value: string }>(sql`
      SELECT p.direction, count(*)::int AS n, sum(p.margin)::text AS margin, sum(p.buy_amount)::text AS cost,
             sum(p.shares * coalesce(q.last, p.buy_price))::text AS value
      FROM positions p JOIN users u ON u.id = p.user_id LEFT JOIN quotes q ON q.gid = p.gid
      WHERE u.account_type = 0 AND p.status NOT IN ('closed') GROUP BY 1`);
    const long = sides.find((x) => x.direction === 'long')!;
    expect(long.n).toBeGreaterThan(0);
    expect(s.exposure.long).toEqual({
      count: long.n,
      margin: new Decimal(long.margin).toFixed(2),
      marketValue: new Decimal(long.value).toFixed(2),
      cost: new Decimal(long.cost).toFixed(2),
    });
    // the market value moves with the price, the cost does not
    expect(s.exposure.long.marketValue).not.toBe(s.exposure.long.cost);
    expect(s.exposure.topStocks.length).toBeGreaterThan(0);
    expect(s.exposure.topStocks.every((x) => x.marketValue !== undefined)).toBe(true);
  });
});

describe('closing is final', () => {
  it('closing a closed day twice changes nothing; today and later are refused', async () => {
    const first = await call('/admin/close/run.do', { day: yesterday });
    expect(first.status).toBe(0);
    const again = await call('/admin/close/run.do', { day: yesterday });
    expect(again.data).toEqual(first.data);
    expect((await q<{ n: number }>(sql`SELECT count(*)::int AS n FROM daily_closes`))[0]!.n).toBe(30);
    const today = await call('/admin/close/run.do', { day: dayOf(new Date()) });
    expect(today.status).not.toBe(0);
    expect(today.msg).toContain('尚未结束');
    const future = await call('/admin/close/detail.do', { day: addDays(dayOf(new Date()), 3) }, token, 'en-US');
    expect(future).toMatchObject({ status: 1, msg: expect.stringContaining('has not come yet') });
    const bad = await call('/admin/close/run.do', { day: '2026-02-30' }, token, 'en-US');
    expect(bad.status).not.toBe(0);
    expect(bad.msg).toContain('day');
  });

  it('a record dated into a closed day is booked now with its date noted; a closed day’s records cannot change', async () => {
    const [u] = await q<{ id: number; user_amt: string; enable_amt: string; frozen_amt: string }>(
      sql`SELECT id, user_amt::text, enable_amt::text, frozen_amt::text FROM users WHERE account_type = 0 ORDER BY id LIMIT 1`,
    );
    const backdated = `${addDays(yesterday, -3)}T12:00:00+08:00`;
    const [r] = await q<{ id: number; created_at: Date | string; note: string }>(sql`
      INSERT INTO fund_records (user_id, type, amount, user_amt_after, enable_amt_after, frozen_amt_after, note, created_at)
      VALUES (${u!.id}, 'fee', 0, ${u!.user_amt}, ${u!.enable_amt}, ${u!.frozen_amt}, 'late', ${backdated})
      RETURNING id, created_at, note`);
    expect(new Date(r!.created_at).getTime()).toBeGreaterThanOrEqual(dayStart(dayOf(new Date())).getTime());
    expect(r!.note).toContain(`原日期 ${addDays(yesterday, -3)} 12:00:00`);
    const [old] = await q<{ id: number }>(
      sql`SELECT id FROM fund_records WHERE created_at < ${dayStart(yesterday).toISOString()} ORDER BY id DESC LIMIT 1`,
    );
    await expect(t.app.ctx.db.execute(sql`UPDATE fund_records SET amount = amount + 1 WHERE id = ${old!.id}`)).rejects.toThrow();
    await expect(t.app.ctx.db.execute(sql`DELETE FROM fund_records WHERE id = ${old!.id}`)).rejects.toThrow();
    // the closed statement is stored: what came late does not move it
    expect((await detail(addDays(yesterday, -3))).checks.balanced).toBe(true);
  });

  it('ledger verification from the last close reads only what came after, and still finds a planted difference', async () => {
    const ok = await verifySinceClose(t.app.ctx.db);
    expect(ok).toMatchObject({ ok: true });
    const [head] = await q<{ checkpoint: string }>(sql`SELECT checkpoint::text FROM close_head`);
    expect(ok.checkpoint).toBe(Number(head!.checkpoint));
    const [after] = await q<{ n: number }>(sql`SELECT count(*)::int AS n FROM fund_records WHERE id > ${ok.checkpoint}`);
    expect(ok.records).toBe(after!.n);
    const [u] = await q<{ id: number }>(sql`SELECT id FROM users ORDER BY id LIMIT 1`);
    await t.app.ctx.db.execute(sql`UPDATE users SET user_amt = user_amt + 0.01 WHERE id = ${u!.id}`);
    try {
      const bad = await verifySinceClose(t.app.ctx.db);
      expect(bad.ok).toBe(false);
      expect(bad.offenders).toContainEqual(expect.objectContaining({ kind: 'user', id: u!.id, problem: 'balance' }));
    } finally {
      await t.app.ctx.db.execute(sql`UPDATE users SET user_amt = user_amt - 0.01 WHERE id = ${u!.id}`);
    }
  });
});

describe("the demo's reconciliations", () => {
  it('two channel statements with exceptions to resolve, each line of them in one of the lists', async () => {
    const r = await call('/admin/reconcile/list.do', { pageNum: 1, pageSize: 10 });
    const list = (r.data as { list: { channelId: number; day: string; lines: number; open: number; matched: number }[] }).list;
    expect(list).toHaveLength(2);
    const seen = new Set<string>();
    for (const s of list) {
      expect(s.open).toBeGreaterThanOrEqual(3);
      const d = (await call('/admin/reconcile/detail.do', { channelId: s.channelId, day: s.day })).data as {
        items: { kind: string; line: number | null }[];
      };
      // every line of the file is in exactly one of the lists
      expect(d.items.filter((i) => i.line != null)).toHaveLength(s.lines);
      const kinds = new Set(d.items.map((i) => i.kind));
      for (const k of ['matched', 'statement_only', 'platform_only', 'amount_diff']) expect([...kinds], k).toContain(k);
      kinds.forEach((k) => seen.add(k));
    }
    // one of them repeats a line and holds a reversal (issue 66)
    expect(seen).toEqual(new Set(['matched', 'statement_only', 'platform_only', 'amount_diff', 'duplicate', 'reversal']));
  });
});

describe('who may read the books', () => {
  it("an agent's staff are refused the platform's close; a role without the permission is refused", async () => {
    const agentId = await makeAgent(t);
    const staff = await signedIn(t, 'agent', { agentId });
    const r = await call('/admin/close/list.do', { pageNum: 1 }, staff.token, 'en-US');
    expect(r.status).not.toBe(0);
    const support = await signedIn(t, 'risk');
    expect((await call('/admin/close/detail.do', { day: yesterday }, support.token)).status).not.toBe(0);
  });
});
