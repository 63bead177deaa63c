import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../../src/db/rows.js';
import { post as ledgerPost } from '../../src/modules/fundrecords/ledger/index.js';
import { deleteTier, pinUserTier } from '../../src/modules/channels/layering.js';
import { credit, makeAgent, makeUser } from '../funds/funds.helpers.js';
import { createTestApp, post, signedIn, type TestApp } from '../helpers.js';

// The dashboard (issue 25): every analysis figure against hand-computed sums of seeded data, by day, by hour
// (a record at 23:59 and one at 00:01 Shanghai fall on different days), by agent and by tier; agent staff see
// their subtree only; simulated accounts never count; the workplace's figures move with a deposit made now.
let t: TestApp;
let admin: string;
let agentA: number;
let agentA1: number;
let agentB: number;
const D = '2026-03-10';
const D1 = '2026-03-11';
const at = (s: string) => new Date(`${s}+08:00`);
const u: Record<string, number> = {};
let tier: number;

async function deposit(userId: number, amount: string, when: Date, type: 'recharge' | 'withdraw' | 'fee' = 'recharge') {
  const [r] = await ledgerPost(t.app.ctx.db, userId, [{ type, amount }]);
  await t.app.ctx.db.execute(sql`UPDATE fund_records SET created_at = ${when} WHERE id = ${r!.id}`);
}
async function registered(userId: number, when: Date, realAt?: Date) {
  await t.app.ctx.db.execute(
    sql`UPDATE users SET reg_time = ${when}, real_state = ${realAt ? 2 : 0}, real_reviewed_at = ${realAt ?? null} WHERE id = ${userId}`,
  );
}
async function opened(userId: number, amount: string, when: Date) {
  await t.app.ctx.db.execute(sql`
    INSERT INTO positions (position_no, user_id, gid, code, stock_name, direction, shares, leverage, buy_price, buy_amount, margin, opened_at)
    VALUES (${`PD${userId}${when.getTime()}`}, ${userId}, 'sh600036', '600036', '招商银行', 'long', 100, 1, 10, ${amount}, ${amount}, ${when})`);
}
const analysis = (body: Record<string, unknown>, token = admin, lang?: string) =>
  post(t, '/admin/dashboard/analysis.do', body, { token, json: true, lang }).then((r) => ({ http: r.statusCode, ...r.json() }));

beforeAll(async () => {
  t = await createTestApp({});
  admin = (await signedIn(t, 'admin')).token;
  agentA = await makeAgent(t);
  agentA1 = await makeAgent(t, agentA);
  agentB = await makeAgent(t);
  const [l] = rows<{ id: number }>(
    await t.app.ctx.db.execute(sql`INSERT INTO layering_tiers (layering_name) VALUES ('VIP 测试') RETURNING id`),
  );
  tier = l!.id;
  u.a = await makeUser(t, { agentId: agentA });
  u.a1 = await makeUser(t, { agentId: agentA1 });
  u.b = await makeUser(t, { agentId: agentB, layeringId: tier });
  u.none = await makeUser(t, { agentId: null });
  u.sim = await makeUser(t, { agentId: agentA, accountType: 1 });
  for (const k of ['a', 'a1', 'b', 'none']) await credit(t, u[k]!, '1000.00');
  // day D, one minute before midnight: one deposit, one registration
  await deposit(u.a!, '100.00', at(`${D}T23:59:00`));
  await registered(u.a!, at(`${D}T23:59:00`));
  // day D+1, one minute after midnight and later
  await deposit(u.a1!, '200.00', at(`${D1}T00:01:00`));
  await registered(u.a1!, at(`${D1}T00:01:00`), at(`${D1}T09:30:00`));
  await deposit(u.b!, '400.00', at(`${D1}T12:00:00`));
  await registered(u.b!, at(`${D1}T12:00:00`));
  await deposit(u.none!, '800.00', at(`${D1}T13:00:00`));
  await deposit(u.a1!, '-50.00', at(`${D1}T10:00:00`), 'withdraw');
  await deposit(u.a1!, '-3.00', at(`${D1}T10:05:00`), 'fee');
  await opened(u.a1!, '1000.00', at(`${D1}T10:00:00`));
  await opened(u.b!, '2500.00', at(`${D1}T14:00:00`));
  // a simulated account's money and trades never count
  await t.app.ctx.db.execute(sql`UPDATE users SET enable_amt = enable_amt WHERE id = ${u.sim!}`);
  await registered(u.sim!, at(`${D1}T08:00:00`));
  await opened(u.sim!, '9999.00', at(`${D1}T11:00:00`));
  await deposit(u.sim!, '7000.00', at(`${D1}T10:30:00`));
  // the credits above happened "now": move them out of the range
  await t.app.ctx.db.execute(sql`UPDATE fund_records SET created_at = ${at('2026-01-01T10:00:00')} WHERE type = 'manual_credit'`);
});
afterAll(() => t.close());

const pick = (f: Record<string, unknown>) => ({
  deposits: f.deposits,
  depositCount: f.depositCount,
  withdrawals: f.withdrawals,
  netInflow: f.netInflow,
  newUsers: f.newUsers,
  realNameApprovals: f.realNameApprovals,
  tradeVolume: f.tradeVolume,
  fees: f.fees,
});

describe('analysis', () => {
  it('by day: each figure equals the hand sums, the day boundary in Shanghai time', async () => {
    const r = await analysis({ range: 'custom', startDay: D, endDay: D1, bucket: 'day' });
    expect(r.status).toBe(0);
    expect(r.data.series.map((s: { bucket: string }) => s.bucket)).toEqual([D, D1]);
    expect(pick(r.data.series[0])).toEqual({
      deposits: '100.00',
      depositCount: 1,
      withdrawals: '0.00',
      netInflow: '100.00',
      newUsers: 1,
      realNameApprovals: 0,
      tradeVolume: '0.00',
      fees: '0.00',
    });
    expect(pick(r.data.series[1])).toEqual({
      deposits: '1400.00',
      depositCount: 3,
      withdrawals: '50.00',
      netInflow: '1350.00',
      newUsers: 2,
      realNameApprovals: 1,
      tradeVolume: '3500.00',
      fees: '3.00',
    });
    expect(pick(r.data.totals)).toEqual({
      deposits: '1500.00',
      depositCount: 4,
      withdrawals: '50.00',
      netInflow: '1450.00',
      newUsers: 3,
      realNameApprovals: 1,
      tradeVolume: '3500.00',
      fees: '3.00',
    });
    const byAgent = Object.fromEntries(r.data.byAgent.map((a: { agentId: number; deposits: string }) => [a.agentId, a.deposits]));
    expect(byAgent).toEqual({ [agentA]: '100.00', [agentA1]: '200.00', [agentB]: '400.00', 0: '800.00' });
    expect(r.data.byTier).toEqual([]);
    await t.app.ctx.db.execute(
      sql`INSERT INTO layering_tiers (layering_name, is_default) SELECT '普通会员', true WHERE NOT EXISTS (SELECT 1 FROM layering_tiers WHERE is_default)`,
    );
    const tiers = await analysis({ range: 'custom', startDay: D, endDay: D1, bucket: 'day', tiers: true });
    expect(tiers.data.series).toEqual([]);
    expect(tiers.data.totals.deposits).toBe('1500.00');
    const vip = tiers.data.byTier.find((x: { tierId: number }) => x.tierId === tier);
    expect(pick(vip)).toMatchObject({ deposits: '400.00', newUsers: 1, tradeVolume: '2500.00' });
    expect(vip.tierName).toBe('VIP 测试');
    // users without a tier count in the default tier, as the tier list counts them (issue 39): never "no tier"
    const [def] = rows<{ id: number; name: string }>(
      await t.app.ctx.db.execute(sql`SELECT id, layering_name AS name FROM layering_tiers WHERE is_default ORDER BY id LIMIT 1`),
    );
    const ids = tiers.data.byTier.map((x: { tierId: number }) => x.tierId);
    expect(ids).not.toContain(0);
    expect(tiers.data.byTier.find((x: { tierId: number }) => x.tierId === def!.id).tierName).toBe(def!.name);
  });

  it('by hour: 23:59 and 00:01 fall in their own hours of their own days', async () => {
    const r = await analysis({ range: 'custom', startDay: D, endDay: D1, bucket: 'hour' });
    expect(r.data.series).toHaveLength(48);
    const of = (b: string) => r.data.series.find((s: { bucket: string }) => s.bucket === b);
    expect(of(`${D} 23:00`).deposits).toBe('100.00');
    expect(of(`${D1} 00:00`).deposits).toBe('200.00');
    expect(of(`${D1} 10:00`)).toMatchObject({ withdrawals: '50.00', fees: '3.00', tradeVolume: '1000.00' });
    expect(r.data.totals.deposits).toBe('1500.00');
  });

  it('agent staff see their subtree only, in every figure', async () => {
    const staff = (await signedIn(t, 'agent', { agentId: agentA })).token;
    const r = await analysis({ range: 'custom', startDay: D, endDay: D1 }, staff);
    expect(r.status).toBe(0);
    expect(pick(r.data.totals)).toEqual({
      deposits: '300.00',
      depositCount: 2,
      withdrawals: '50.00',
      netInflow: '250.00',
      newUsers: 2,
      realNameApprovals: 1,
      tradeVolume: '1000.00',
      fees: '3.00',
    });
    expect(r.data.byAgent.map((a: { agentId: number }) => a.agentId).sort()).toEqual([agentA, agentA1].sort());
    const hourly = await analysis({ range: 'custom', startDay: D, endDay: D1, bucket: 'hour' }, staff);
    expect(hourly.data.totals.deposits).toBe('300.00');
    const other = (await signedIn(t, 'agent', { agentId: agentB })).token;
    expect((await analysis({ range: 'custom', startDay: D, endDay: D1 }, other)).data.totals.deposits).toBe('400.00');
  });

  it('refuses a bad range with the field named, and needs the analysis permission', async () => {
    const backwards = await analysis({ range: 'custom', startDay: D1, endDay: D }, admin, 'en-US');
    expect(backwards.status).toBe(2);
    expect(backwards.msg).toContain('endDay');
    const long = await analysis({ range: 'custom', startDay: '2026-01-01', endDay: '2026-01-20', bucket: 'hour' }, admin, 'en-US');
    expect(long.msg).toContain('7 by hour');
    expect((await analysis({ range: 'custom' }, admin, 'en-US')).msg).toContain('startDay');
    const support = (await signedIn(t, 'support')).token;
    expect((await analysis({ range: '7d' }, support)).http).toBe(403);
  });

  // issue 51: the trading volume by day and agent comes from the daily summary kept by triggers (position_stats)
  it('trading volume: the summary follows a user moved to another agent and a removed position, and equals the positions', async () => {
    const D2 = '2026-03-12';
    const day = () => analysis({ range: 'custom', startDay: D2, endDay: D2 });
    const volumeOf = (r: Awaited<ReturnType<typeof day>>, agentId: number) =>
      r.data.byAgent.find((a: { agentId: number }) => a.agentId === agentId)?.tradeVolume;
    const mover = await makeUser(t, { agentId: agentA });
    await opened(mover, '300.00', at(`${D2}T09:00:00`));
    await opened(mover, '0.50', at(`${D2}T23:59:59`));
    await opened(mover, '70.00', at(`${D2}T16:00:00`));
    let r = await day();
    expect(r.data.totals.tradeVolume).toBe('370.50');
    expect(volumeOf(r, agentA)).toBe('370.50');
    // moving the user moves their positions' agent (0425) and, with it, their volume
    await t.app.ctx.db.execute(sql`UPDATE users SET agent_id = ${agentB} WHERE id = ${mover}`);
    r = await day();
    expect(volumeOf(r, agentA)).toBeUndefined();
    expect(volumeOf(r, agentB)).toBe('370.50');
    const staffB = (await signedIn(t, 'agent', { agentId: agentB })).token;
    expect((await analysis({ range: 'custom', startDay: D2, endDay: D2 }, staffB)).data.totals.tradeVolume).toBe('370.50');
    await t.app.ctx.db.execute(sql`DELETE FROM positions WHERE user_id = ${mover} AND buy_amount = 70`);
    expect((await day()).data.totals.tradeVolume).toBe('300.50');
    // the summary, stripes summed, is the positions grouped another way: nothing in one that is not in the other
    const diff = rows(
      await t.app.ctx.db.execute(sql`
        WITH summary AS (SELECT day, agent_id, account_type, sum(n)::bigint AS n, sum(amount) AS amount FROM position_stats
                         GROUP BY 1, 2, 3 HAVING sum(n) <> 0 OR sum(amount) <> 0),
             direct AS (SELECT (p.opened_at AT TIME ZONE 'Asia/Shanghai')::date AS day, coalesce(p.agent_id, 0) AS agent_id,
                               u.account_type, count(*)::bigint AS n, sum(p.buy_amount) AS amount
                        FROM positions p JOIN users u ON u.id = p.user_id GROUP BY 1, 2, 3)
        (SELECT * FROM summary EXCEPT SELECT * FROM direct) UNION ALL (SELECT * FROM direct EXCEPT SELECT * FROM summary)`),
    );
    expect(diff).toEqual([]);
  });

  // issue 51: by tier, money and volume come from tier_stats (0454), which moves a user's history with their tier
  it('by tier: the summary follows a pinned tier, a removed tier, an agent move and a removed position, and equals the records grouped directly', async () => {
    const D3 = '2026-03-13';
    const tiers = (token = admin) => analysis({ range: 'custom', startDay: D3, endDay: D3, tiers: true }, token);
    const of = (r: Awaited<ReturnType<typeof tiers>>, id: number) => {
      const x = r.data.byTier.find((y: { tierId: number }) => y.tierId === id);
      return (
        x && { deposits: x.deposits, withdrawals: x.withdrawals, fees: x.fees, tradeVolume: x.tradeVolume, depositCount: x.depositCount }
      );
    };
    const [svip] = rows<{ id: number }>(
      await t.app.ctx.db.execute(sql`INSERT INTO layering_tiers (layering_name) VALUES ('SVIP 测试') RETURNING id`),
    );
    await t.app.ctx.db.execute(
      sql`INSERT INTO layering_tiers (layering_name, is_default) SELECT '普通会员', true WHERE NOT EXISTS (SELECT 1 FROM layering_tiers WHERE is_default)`,
    );
    const [def] = rows<{ id: number }>(await t.app.ctx.db.execute(sql`SELECT id FROM layering_tiers WHERE is_default ORDER BY id LIMIT 1`));
    const mover = await makeUser(t, { agentId: agentA, layeringId: tier });
    await credit(t, mover, '1000.00');
    await t.app.ctx.db.execute(sql`UPDATE fund_records SET created_at = ${at('2026-01-01T10:00:00')} WHERE type = 'manual_credit'`);
    await deposit(mover, '500.00', at(`${D3}T09:00:00`));
    await deposit(mover, '-20.00', at(`${D3}T10:00:00`), 'withdraw');
    await deposit(mover, '-2.00', at(`${D3}T10:01:00`), 'fee');
    await opened(mover, '900.00', at(`${D3}T11:00:00`));
    const figures = { deposits: '500.00', withdrawals: '20.00', fees: '2.00', tradeVolume: '900.00', depositCount: 1 };
    expect(of(await tiers(), tier)).toEqual(figures);

    // pinned to another tier: the whole history goes with the user
    await pinUserTier(t.app.ctx, mover, svip!.id);
    let r = await tiers();
    expect(of(r, tier)).toBeUndefined();
    expect(of(r, svip!.id)).toEqual(figures);
    // the tier removed: its users have none, and count in the default tier
    await deleteTier(t.app.ctx, svip!.id);
    r = await tiers();
    expect(of(r, svip!.id)).toBeUndefined();
    expect(of(r, def!.id)).toEqual(figures);

    // moved to another agent: the tier keeps the figures; agent staff's breakdown has them under the new agent only
    await t.app.ctx.db.execute(sql`UPDATE users SET agent_id = ${agentB} WHERE id = ${mover}`);
    expect(of(await tiers(), def!.id)).toEqual(figures);
    const staffA = (await signedIn(t, 'agent', { agentId: agentA })).token;
    expect(of(await tiers((await signedIn(t, 'agent', { agentId: agentB })).token), def!.id)).toEqual(figures);
    expect(of(await tiers(staffA), def!.id)).toBeUndefined();
    // the agent and the tier changed in one statement: both followed
    await t.app.ctx.db.execute(sql`UPDATE users SET agent_id = ${agentA}, layering_id = ${tier} WHERE id = ${mover}`);
    r = await tiers();
    expect([of(r, def!.id), of(r, tier)]).toEqual([undefined, figures]);
    expect(of(await tiers(staffA), tier)).toEqual(figures);
    await t.app.ctx.db.execute(sql`DELETE FROM positions WHERE user_id = ${mover}`);
    expect(of(await tiers(), tier)).toEqual({ ...figures, tradeVolume: '0.00' });

    // each summary, stripes summed, is the records and positions grouped directly under their users' tier (and agent)
    for (const [table, agent] of [
      ['tier_stats', sql``],
      ['tier_agent_stats', sql`agent_id, `],
    ] as const) {
      const userAgent = table === 'tier_stats' ? sql`` : sql`coalesce(u.agent_id, 0), `;
      const keys = sql.raw(table === 'tier_stats' ? '1, 2, 3' : '1, 2, 3, 4');
      const diff = rows(
        await t.app.ctx.db.execute(sql`
          WITH summary AS (SELECT ${agent}day, tier_id, kind, sum(n)::bigint AS n, sum(amount_in) AS amount_in, sum(amount_out) AS amount_out
                           FROM ${sql.raw(table)} WHERE account_type = 0 GROUP BY ${agent}day, tier_id, kind HAVING sum(n) <> 0),
               direct AS (SELECT ${userAgent}(f.created_at AT TIME ZONE 'Asia/Shanghai')::date, coalesce(u.layering_id, 0), f.type,
                                 count(*)::bigint, sum(greatest(f.amount, 0)), sum(least(f.amount, 0))
                          FROM fund_records f JOIN users u ON u.id = f.user_id
                          WHERE u.account_type = 0 AND f.type IN ('recharge', 'withdraw', 'fee', 'deferral_fee')
                          GROUP BY ${keys}
                          UNION ALL
                          SELECT ${userAgent}(p.opened_at AT TIME ZONE 'Asia/Shanghai')::date, coalesce(u.layering_id, 0), 'volume',
                                 count(*), sum(p.buy_amount), 0
                          FROM positions p JOIN users u ON u.id = p.user_id WHERE u.account_type = 0
                          GROUP BY ${keys})
          (SELECT * FROM summary EXCEPT SELECT * FROM direct) UNION ALL (SELECT * FROM direct EXCEPT SELECT * FROM summary)`),
      );
      expect(diff, table).toEqual([]);
    }
  });
});

describe('workplace', () => {
  it('shows today’s figures in the caller’s scope and moves with a deposit made now', async () => {
    const staffB = (await signedIn(t, 'agent', { agentId: agentB })).token;
    const get = (token: string) => post(t, '/admin/dashboard/workplace.do', {}, { token, json: true }).then((r) => r.json().data);
    const before = await get(admin);
    const beforeB = await get(staffB);
    await ledgerPost(t.app.ctx.db, u.a!, [{ type: 'recharge', amount: '123.45' }]);
    const after = await get(admin);
    expect(after.deposits.count).toBe(before.deposits.count + 1);
    expect(Number(after.deposits.amount) - Number(before.deposits.amount)).toBeCloseTo(123.45, 2);
    expect((await get(staffB)).deposits).toEqual(beforeB.deposits);
    expect(after.pending.withdrawals).toEqual(expect.any(Number));
    expect(after.trading).toMatchObject({ openPositions: expect.any(Number) });
    // finance has no positions permission: the trading figures and queues are not theirs
    const finance = await get((await signedIn(t, 'finance')).token);
    expect(finance.trading).toBeNull();
    expect(finance.pending.buys).toBeNull();
    expect(finance.pending.withdrawals).toEqual(expect.any(Number));
    expect(after.recentOperations.length).toBeGreaterThanOrEqual(0);
  });
});
