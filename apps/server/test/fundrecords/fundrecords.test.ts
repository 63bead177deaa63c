import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../src/db/rows.js';
import { sql } from 'drizzle-orm';
import { post as ledgerPost, postAgent } from '../../src/modules/fundrecords/ledger/index.js';
import { createTestApp, post, signedIn, type TestApp } from '../helpers.js';
import { appUser, expectLedgerBalanced, makeAgentViaApi } from '../users/users-helpers.js';

// Fund records (/capital/fundrecords) and fund transfer records (/capital/fundtransferrecord).
let t: TestApp;
let admin: { token: string; id: number };
let agent: { id: number; inviteCode: string };
let u1: { id: number; phone: string };
let u2: { id: number; phone: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, 'admin');
  agent = await makeAgentViaApi(t, admin.token, { name: 'CashAgent' });
  u1 = await appUser(t, { inviteCode: agent.inviteCode });
  u2 = await appUser(t);
  const db = t.app.ctx.db;
  await ledgerPost(db, u1.id, [
    { type: 'recharge', amount: '1000', reference: 'RC-1' },
    { type: 'withdraw', amount: '-200', reference: 'WD-1' },
    { type: 'withdraw_fee', amount: '-2', reference: 'WD-1' },
    { type: 'transfer_out', amount: '-100' },
  ]);
  await ledgerPost(db, u2.id, [
    { type: 'recharge', amount: '50.5' },
    { type: 'transfer_in', amount: '25' },
  ]);
  await postAgent(db, agent.id, [{ type: 'agent_commission', amount: '9.99' }]);
  // an old record, for the time filter
  await db.execute(sql`UPDATE fund_records SET created_at = '2020-01-15T10:00:00Z' WHERE reference = 'RC-1'`);
});
afterAll(() => t.close());

const list = (body: Record<string, unknown>, url = '/admin/cash/list.do', token = admin.token) =>
  post(t, url, body, { token, json: true }).then((r) => r.json());

describe('fund records', () => {
  it('lists user records newest first with user, agent and totals of the filtered set', async () => {
    const r = await list({ pageSize: 2 });
    expect(r.status).toBe(0);
    expect(r.data.total).toBe(6);
    expect(r.data.list).toHaveLength(2);
    expect(r.data.totals).toEqual({ count: 6, amountIn: '1075.50', amountOut: '-302.00', net: '773.50' });
    expect(r.data.list[0]).toMatchObject({
      userId: u2.id,
      userPhone: u2.phone,
      type: 'transfer_in',
      amount: '25.00',
      enableAmtAfter: '75.50',
      owner: 'user',
      agentId: null,
    });
    const mine = (await list({ userId: u1.id })).data;
    expect(mine.list.map((x: { type: string }) => x.type)).toEqual(['transfer_out', 'withdraw_fee', 'withdraw', 'recharge']);
    expect(mine.list[0]).toMatchObject({
      agentId: agent.id,
      agentName: 'CashAgent',
      accountType: 0,
      userAmtAfter: '698.00',
      frozenAmtAfter: '0.00',
      equityDelta: '-100.00',
      enableDelta: '-100.00',
      frozenDelta: '0.00',
    });
  });

  it('filters by phone, type list, reference, agent, owner, account type, admin and time', async () => {
    expect((await list({ phone: u2.phone })).data.total).toBe(2);
    expect((await list({ type: 'withdraw,withdraw_fee' })).data.totals).toMatchObject({ count: 2, net: '-202.00' });
    expect((await list({ type: ['recharge'] })).data.total).toBe(2);
    expect((await list({ reference: 'WD-1' })).data.total).toBe(2);
    expect((await list({ agentId: agent.id })).data.total).toBe(4);
    expect((await list({ agentId: agent.id, owner: 'all' })).data.total).toBe(5);
    const ag = (await list({ owner: 'agent' })).data;
    expect(ag.list).toEqual([
      expect.objectContaining({
        owner: 'agent',
        agentId: agent.id,
        agentName: 'CashAgent',
        userId: null,
        type: 'agent_commission',
        amount: '9.99',
      }),
    ]);
    expect((await list({ accountType: 1 })).data.total).toBe(0);
    expect((await list({ adminId: admin.id })).data.total).toBe(0);
    expect(
      (await list({ beginTime: '2020-01-01', endTime: '2020-01-31' })).data.list.map((x: { reference: string }) => x.reference),
    ).toEqual(['RC-1']);
    expect((await list({ beginTime: '2020-02-01T00:00:00+08:00' })).data.total).toBe(5);
  });

  it('validates filters with status 2 naming the field', async () => {
    expect(await list({ type: 'bogus' })).toMatchObject({ status: 2, msg: expect.stringContaining('type') });
    expect(await list({ phone: '999' })).toMatchObject({ status: 2, msg: '参数错误：phone 手机号格式不正确' });
    expect(await list({ beginTime: '2020-13-45' })).toMatchObject({ status: 2, msg: '参数错误：beginTime 时间格式不正确' });
    expect(await list({ owner: 'bank' })).toMatchObject({ status: 2 });
    expect(await list({ userId: -1 })).toMatchObject({ status: 2, msg: expect.stringContaining('userId') });
  });

  it('lists fund transfer records (transfer_in / transfer_out) with their own totals', async () => {
    const r = (await list({}, '/admin/cash/transferList.do')).data;
    expect(r.list.map((x: { type: string }) => x.type)).toEqual(['transfer_in', 'transfer_out']);
    expect(r.totals).toEqual({ count: 2, amountIn: '25.00', amountOut: '-100.00', net: '-75.00' });
    expect((await list({ type: 'recharge' }, '/admin/cash/transferList.do')).data.total).toBe(0);
    expect((await list({ type: 'transfer_in', userId: u2.id }, '/admin/cash/transferList.do')).data.total).toBe(1);
  });

  it('exports the filtered records as CSV and needs the export permission', async () => {
    const r = await post(t, '/admin/cash/export.do', { userId: u1.id }, { token: admin.token });
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    // dated as every export is (csv.ts: stamp), the day the console's own fallback name uses too
    expect(r.headers['content-disposition']).toMatch(/^attachment; filename="fund-records-\d{8}\.csv"/);
    const lines = r.rawPayload.toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFF记录ID,用户ID,手机号,真实姓名,代理,类型,金额,变动后总资金,变动后可用资金,变动后冻结资金,关联单号,操作管理员,备注,时间',
    );
    expect(lines).toHaveLength(5);
    expect(lines[1]).toContain(`,${u1.id},${u1.phone},,CashAgent,资金转出,-100.00,698.00,698.00,0.00,,,,`);
    const en = (await post(t, '/admin/cash/export.do', { owner: 'agent' }, { token: admin.token, lang: 'en-US' })).rawPayload.toString(
      'utf8',
    );
    expect(en).toContain('Agent commission,9.99');
    // the transfer records page's export (its types only) is named for them; one other type with them is not
    const transfers = await post(t, '/admin/cash/export.do', { type: 'transfer_in,transfer_out' }, { token: admin.token });
    expect(transfers.headers['content-disposition']).toMatch(/^attachment; filename="fund-transfers-\d{8}\.csv"/);
    const mixed = await post(t, '/admin/cash/export.do', { type: 'transfer_in,withdraw' }, { token: admin.token });
    expect(mixed.headers['content-disposition']).toMatch(/^attachment; filename="fund-records-\d{8}\.csv"/);
    const support = await signedIn(t, 'support');
    expect((await post(t, '/admin/cash/export.do', {}, { token: support.token })).statusCode).toBe(403);
    expect((await list({}, '/admin/cash/list.do', support.token)).status).toBe(0);
    const noPerm = await signedIn(t, 'agent');
    expect((await post(t, '/admin/cash/list.do', {}, { token: noPerm.token })).json().data.total).toBe(0);
  });

  it('streams large exports in batches', async () => {
    const u = await appUser(t);
    await ledgerPost(
      t.app.ctx.db,
      u.id,
      Array.from({ length: 4500 }, () => ({ type: 'recharge' as const, amount: '1' })),
    );
    const r = await post(t, '/admin/cash/export.do', { userId: u.id }, { token: admin.token });
    const lines = r.rawPayload.toString('utf8').trimEnd().split('\r\n');
    expect(lines).toHaveLength(4501);
    expect(new Set(lines.slice(1).map((l) => l.split(',')[0])).size).toBe(4500);
  }, 120_000);

  it('gives exact totals for any time window (whole days and hours from the summaries, the rest from the records)', async () => {
    const u = await appUser(t);
    const db = t.app.ctx.db;
    await ledgerPost(
      db,
      u.id,
      // a transfer in every fourth record: outside the type filter below
      Array.from({ length: 40 }, (_, i) => ({
        type: (i % 4 === 3 ? 'transfer_in' : i % 4 !== 2 ? 'recharge' : 'fee') as 'recharge' | 'fee' | 'transfer_in',
        amount: i % 4 !== 2 ? `${i + 1}.25` : `-${i + 1}`,
      })),
    );
    // spread them over three days, every 1h47m from 2023-03-10 05:13 Shanghai
    await db.execute(
      sql`UPDATE fund_records SET created_at = timestamptz '2023-03-10 05:13:00+08' + (id - (SELECT min(id) FROM fund_records WHERE user_id = ${u.id})) * interval '107 minutes' WHERE user_id = ${u.id}`,
    );
    const windows: [string | undefined, string | undefined][] = [
      ['2023-03-10T08:00:00+08:00', '2023-03-12T13:30:00+08:00'],
      ['2023-03-10', '2023-03-11'],
      ['2023-03-10 10:00', '2023-03-10 20:00'],
      // partial hours holding records, and ends exactly on a record (08:47 and 19:29 are record times)
      ['2023-03-10 08:47', '2023-03-10 19:29'],
      ['2023-03-10 10:30', '2023-03-10 10:40'],
      ['2023-03-11T00:00:00+08:00', undefined],
      [undefined, '2023-03-11T12:00:00.000Z'],
      ['2023-03-11T15:59:59.999Z', '2023-03-12T16:00:00.000Z'],
    ];
    for (const [[beginTime, endTime], typed] of windows.flatMap((w) => [true, false].map((typed) => [w, typed] as const))) {
      const api = (await list({ beginTime, endTime, ...(typed ? { type: 'recharge,fee' } : {}) })).data.totals;
      const b = beginTime
        ? new Date(/T/.test(beginTime) ? beginTime : `${beginTime.replace(' ', 'T')}${beginTime.length === 10 ? 'T00:00:00' : ':00'}+08:00`)
        : null;
      const e = endTime
        ? new Date(/T/.test(endTime) ? endTime : `${endTime.replace(' ', 'T')}${endTime.length === 10 ? 'T23:59:59.999' : ':00'}+08:00`)
        : null;
      const [raw] = rows<{ n: number; ai: string; ao: string }>(
        await db.execute(sql`SELECT count(*)::int AS n, coalesce(sum(amount) FILTER (WHERE amount > 0), 0)::numeric(20,2)::text AS ai,
          coalesce(sum(amount) FILTER (WHERE amount < 0), 0)::numeric(20,2)::text AS ao
          FROM fund_records WHERE user_id IS NOT NULL AND (NOT ${typed} OR type IN ('recharge', 'fee'))
          AND (${b?.toISOString() ?? null}::timestamptz IS NULL OR created_at >= ${b?.toISOString() ?? null}::timestamptz)
          AND (${e?.toISOString() ?? null}::timestamptz IS NULL OR created_at < ${e?.toISOString() ?? null}::timestamptz + interval '1 millisecond')`),
      );
      expect({ beginTime, endTime, typed, api }).toEqual({
        beginTime,
        endTime,
        typed,
        api: { count: raw!.n, amountIn: raw!.ai, amountOut: raw!.ao, net: new Decimal(raw!.ai).plus(raw!.ao).toFixed(2) },
      });
    }
  });

  it('moves a user’s all-time totals with them to another agent', async () => {
    const other = await makeAgentViaApi(t, admin.token, { name: 'CashAgent2' });
    const totals = async (agentId: number) => (await list({ agentId, owner: 'all' })).data.totals;
    const move = async (agentId: number) =>
      (await post(t, '/admin/user/update.do', { id: u1.id, agentId }, { token: admin.token, json: true })).json();
    const zero = { count: 0, amountIn: '0.00', amountOut: '0.00', net: '0.00' };
    expect(await totals(agent.id)).toEqual({ count: 5, amountIn: '1009.99', amountOut: '-302.00', net: '707.99' });
    expect(await totals(other.id)).toEqual(zero);
    expect((await move(other.id)).status).toBe(0);
    expect(await totals(agent.id)).toEqual({ count: 1, amountIn: '9.99', amountOut: '0.00', net: '9.99' });
    expect(await totals(other.id)).toEqual({ count: 4, amountIn: '1000.00', amountOut: '-302.00', net: '698.00' });
    expect((await list({ agentId: other.id, type: 'withdraw,withdraw_fee' })).data.totals).toMatchObject({ count: 2, net: '-202.00' });
    expect((await list({ agentId: other.id, accountType: 1 })).data.totals).toEqual(zero);
    expect((await move(agent.id)).status).toBe(0);
    expect(await totals(other.id)).toEqual(zero);
    expect(await totals(agent.id)).toEqual({ count: 5, amountIn: '1009.99', amountOut: '-302.00', net: '707.99' });
  });

  it('keeps the ledger balanced', async () => {
    await expectLedgerBalanced(t);
  });
});
