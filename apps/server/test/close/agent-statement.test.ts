import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentStatement, AgentStatementRow } from '@stock-admin/contracts';
import { rows } from '../../src/db/rows.js';
import { seedDemo } from '../../src/modules/seed.js';
import { addDays, dayOf, dayStart } from '../../src/modules/close/statement.js';
import { createTestApp, post, signedIn, type TestApp } from '../helpers.js';

/**
 * Issue 50, agent statements, over the demo's month of commissions (buy, sell and deferral fees of agents' users). Each
 * figure is checked against the fund records and positions read here: the balances each record left behind, the
 * commissions summed by agent, kind, user and day. An agent's staff see their subtree and nothing else.
 */
let t: TestApp;
let finance: string;
const today = dayOf(new Date());
const from = addDays(today, -29);

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.app.ctx);
  finance = (await signedIn(t, 'finance')).token;
}, 240_000);
afterAll(() => t?.close());

type Answer<T> = { status: number; msg: string; data: T };
const call = async <T>(path: string, body: Record<string, unknown>, tk = finance, lang = 'zh-CN') =>
  (await post(t, path, body, { token: tk, json: true, lang })).json() as Promise<Answer<T>>;
const q = async <T>(s: ReturnType<typeof sql>) => rows<T>(await t.app.ctx.db.execute(s));
const list = (body: Record<string, unknown>, tk = finance) =>
  call<{ list: AgentStatementRow[]; total: number }>('/admin/close/agents.do', { pageNum: 1, pageSize: 100, ...body }, tk);
const detail = (agentId: number, a = from, b = today, tk = finance) =>
  call<AgentStatement>('/admin/close/agent.do', { agentId, from: a, to: b }, tk);

/** The balance the agent's last record before `at` left behind (0 before its first). */
async function balanceAt(agentId: number, at: Date): Promise<string> {
  const [r] = await q<{ b: string | null }>(sql`
    SELECT user_amt_after::text AS b FROM fund_records WHERE agent_id = ${agentId} AND created_at < ${at.toISOString()}
    ORDER BY created_at DESC, id DESC LIMIT 1`);
  return new Decimal(r?.b ?? 0).toFixed(2);
}

describe('agent statements', () => {
  it('every agent over a month: opening and closing as the records left them, commissions as summed here, largest first', async () => {
    const r = await list({ from, to: today });
    expect(r.status).toBe(0);
    const [{ n }] = (await q<{ n: number }>(sql`SELECT count(*)::int AS n FROM agents WHERE deleted_at IS NULL`)) as [{ n: number }];
    expect(r.data.total).toBe(n);
    const end = new Date(Date.now() + 1000);
    const paid = await q<{ agent_id: number; amount: string; n: number }>(sql`
      SELECT agent_id, sum(amount)::text AS amount, count(*)::int AS n FROM fund_records
      WHERE type = 'agent_commission' AND created_at >= ${dayStart(from).toISOString()} AND created_at < ${end.toISOString()}
      GROUP BY 1`);
    expect(paid.length).toBeGreaterThan(1); // the demo's agents earned something this month (its trades are today's)
    for (const row of r.data.list) {
      const p = paid.find((x) => x.agent_id === row.agentId);
      expect(row.commissions, `agent ${row.agentId}`).toBe(new Decimal(p?.amount ?? 0).toFixed(2));
      expect(row.commissionCount).toBe(p?.n ?? 0);
      expect(row.opening, `agent ${row.agentId}`).toBe(await balanceAt(row.agentId, dayStart(from)));
      expect(row.closing, `agent ${row.agentId}`).toBe(await balanceAt(row.agentId, end));
      expect(new Decimal(row.opening).plus(row.commissions).plus(row.other).toFixed(2)).toBe(row.closing);
    }
    const amounts = r.data.list.map((x) => Number(x.commissions));
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
  });

  it("an agent's statement: movements add up to the closing; commissions by kind, user and day each add up to the total", async () => {
    const top = (await list({ from, to: today })).data.list[0]!;
    const r = await detail(top.agentId);
    expect(r.status).toBe(0);
    const s = r.data;
    expect(s).toMatchObject({ agentId: top.agentId, opening: top.opening, closing: top.closing, balanced: true });
    const moved = s.movements.reduce((x, m) => x.plus(m.amount), new Decimal(0));
    expect(new Decimal(s.opening).plus(moved).toFixed(2)).toBe(s.closing);
    expect(s.closing).toBe(await balanceAt(top.agentId, new Date(Date.now() + 1000)));
    const sum = (xs: { amount: string }[]) => xs.reduce((x, m) => x.plus(m.amount), new Decimal(0)).toFixed(2);
    expect(s.commissions.total).toBe(top.commissions);
    expect(sum(s.commissions.byKind)).toBe(s.commissions.total);
    expect(sum([...s.commissions.byUser, s.commissions.unattributed])).toBe(s.commissions.total);
    expect(s.commissions.byUser.length).toBeGreaterThan(0);
    expect(sum(s.commissions.byDay)).toBe(s.commissions.total);
    expect(s.commissions.byKind.map((k) => k.kind)).toContain('buyFee');
    // by user, as the positions the commissions name say
    const users = await q<{ user_id: number; amount: string }>(sql`
      SELECT p.user_id, sum(f.amount)::text AS amount FROM fund_records f JOIN positions p ON p.position_no = f.reference
      WHERE f.agent_id = ${top.agentId} AND f.type = 'agent_commission' AND f.created_at >= ${dayStart(from).toISOString()}
      GROUP BY 1`);
    expect(Object.fromEntries(s.commissions.byUser.map((u) => [u.userId, u.amount]))).toEqual(
      Object.fromEntries(users.map((u) => [u.user_id, new Decimal(u.amount).toFixed(2)])),
    );
    expect(s.commissions.byUser.every((u) => u.phone.length > 0)).toBe(true);
  });

  it('a balance changed outside the ledger is caught: the statement no longer balances', async () => {
    const top = (await list({ from, to: today })).data.list[0]!;
    await t.app.ctx.db.execute(sql`UPDATE agents SET balance = balance + 0.01 WHERE id = ${top.agentId}`);
    try {
      expect((await detail(top.agentId)).data.balanced).toBe(false);
    } finally {
      await t.app.ctx.db.execute(sql`UPDATE agents SET balance = balance - 0.01 WHERE id = ${top.agentId}`);
    }
    expect((await detail(top.agentId)).data.balanced).toBe(true);
  });

  it("an agent's staff see their subtree's statements only; another agent is no such agent", async () => {
    const [root] = await q<{ id: number }>(sql`
      SELECT a.id FROM agents a WHERE a.deleted_at IS NULL AND a.parent_id IS NULL
        AND EXISTS (SELECT 1 FROM agents c WHERE c.parent_id = a.id AND c.deleted_at IS NULL) ORDER BY a.id LIMIT 1`);
    const subtree = (await q<{ id: number }>(sql`SELECT id FROM agents WHERE path @> ARRAY[${root!.id}::int] AND deleted_at IS NULL`)).map(
      (a) => a.id,
    );
    const [outside] = await q<{ id: number }>(sql`
      SELECT id FROM agents WHERE NOT (path @> ARRAY[${root!.id}::int]) AND deleted_at IS NULL ORDER BY id LIMIT 1`);
    const staff = (await signedIn(t, 'agent', { agentId: root!.id })).token;
    const r = await list({ from, to: today }, staff);
    expect(r.status).toBe(0);
    expect(r.data.list.map((a) => a.agentId).sort((a, b) => a - b)).toEqual(subtree.sort((a, b) => a - b));
    expect((await detail(subtree.at(-1)!, from, today, staff)).status).toBe(0);
    const refused = await call('/admin/close/agent.do', { agentId: outside!.id, from, to: today }, staff, 'en-US');
    expect(refused.status).not.toBe(0);
    expect(refused.msg).toMatch(/agentId/);
    // …and the platform's daily close stays the platform's
    expect((await call('/admin/close/list.do', { pageNum: 1, pageSize: 10 }, staff)).status).not.toBe(0);
  });

  it('a period that ends before it starts, lies in the future or is too long is refused naming the field, in both languages', async () => {
    const bad = async (a: string, b: string, lang: string) =>
      call('/admin/close/agents.do', { pageNum: 1, pageSize: 10, from: a, to: b }, finance, lang);
    const order = await bad(today, addDays(today, -1), 'zh-CN');
    expect(order.status).not.toBe(0);
    expect(order.msg).toMatch(/to.*结束日期不能早于开始日期/);
    expect((await bad(from, addDays(today, 1), 'en-US')).msg).toMatch(/to.*must not be after today/);
    expect((await bad(addDays(today, -400), today, 'en-US')).msg).toMatch(/to.*366 days/);
    expect((await bad('2026-02-30', today, 'en-US')).msg).toMatch(/from/);
    expect((await call('/admin/close/agent.do', { agentId: 'x', from, to: today }, finance, 'en-US')).msg).toMatch(/agentId/);
  });
});
