import Decimal from 'decimal.js';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { agents, positions, tradingDebts, users } from '../../db/schema/index.js';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/migrate.js';
import type { AppContext } from '../../http/context.js';
import { AppError } from '../../http/errors.js';
import { defineJob } from '../../jobs/registry.js';
import { post, postAgent } from '../../ledger/index.js';
import { notify } from '../../realtime/notify.js';
import { shanghaiTime } from '../market/calendar.js';
import { riskRules } from '../risk/settings.js';
import { closePosition } from './book.js';
import { deferralOf } from './money.js';

/**
 * Trading's scheduled work (once per cluster, by the job runner). Each position is handled in its own
 * transaction, re-checked under its row lock, so a run cut short by a stopped instance leaves nothing
 * half-done and the next run finishes the rest.
 */

/**
 * Users whose unrealised loss reached the force-close line, or (with `warnAt` < 1) a share of it. The positions
 * are summed per user first and only users whose loss reaches the line's share of their margins alone — a
 * necessary condition, since free cash is never negative — are looked up, one by one by key (a subquery per
 * row: the planner, not knowing how few pass, would read every user), instead of every user joined to every open
 * position (bench/positions S1: the statement 550 → ≈ 350 ms).
 */
export async function usersPastLine(db: Db, forceClosePct: string, share: Decimal.Value = 1) {
  const pct = new Decimal(forceClosePct).times(share).dividedBy(100).toString();
  return rows<{ user_id: number; enable: string; margins: string; pnl: string; line: string }>(
    await db.execute(sql`
      WITH o AS MATERIALIZED (
        SELECT user_id, sum(margin) AS margins, sum(pnl) AS pnl
        FROM (SELECT p.user_id, p.margin, q.stale,
                     CASE WHEN p.direction = 'long' THEN (q.last - p.buy_price) * p.shares ELSE (p.buy_price - q.last) * p.shares END AS pnl
              FROM positions p JOIN quotes q ON q.gid = p.gid
              WHERE p.status = 'open' AND NOT p.locked) x
        GROUP BY user_id
        HAVING bool_and(NOT stale) AND sum(pnl) <= -(${pct}::numeric * sum(margin))),
      -- materialized so that each user is looked up once (inlined, the subquery ran again for the WHERE)
      c AS MATERIALIZED (SELECT o.*, (SELECT enable_amt FROM users WHERE id = o.user_id) AS enable FROM o)
      SELECT user_id, enable::text AS enable, margins::text AS margins, pnl::text AS pnl,
             round(${pct}::numeric * (enable + margins), 2)::text AS line
      FROM c
      WHERE pnl <= -(${pct}::numeric * (enable + margins))
      ORDER BY user_id`),
  );
}

/** How many users the force-close sweep closes at once. */
export const SWEEP_CONCURRENCY = 4;

/** Runs `fn` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * A transaction that PostgreSQL aborted for a deadlock or a serialization failure is tried again (twice at most):
 * closes of users under one agent update that agent's summary rows, so closes in parallel may meet.
 */
async function retryConflict<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      const e = err as { code?: string; cause?: { code?: string } };
      const code = e.code ?? e.cause?.code;
      if (attempt >= 3 || (code !== '40P01' && code !== '40001')) throw err;
    }
  }
}

/** Closes every open, unlocked position of the users past the line at the live quote; take-profit and stop-loss too. */
export async function sweepPositions(
  ctx: AppContext,
): Promise<{ users: number; closed: number; takeProfit: number; stopLoss: number; skipped: number }> {
  const rules = await riskRules(ctx);
  const { docs } = rules;
  const out = { users: 0, closed: 0, takeProfit: 0, stopLoss: 0, skipped: 0 };
  const close = async (id: number, kind: 'force' | 'take_profit' | 'stop_loss', reason: string) =>
    ctx.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const [p] = await tx.select().from(positions).where(eq(positions.id, id)).for('update');
      if (!p || p.status !== 'open' || p.locked) return null;
      const price = ctx.market?.tradablePrice(p.gid);
      if (!price) return null;
      return closePosition(tx, p, price, kind, { adminId: null, reason }, rules);
    });
  const past = await usersPastLine(ctx.db, docs.stock.forceClosePct);
  // every open position of those users in one statement (one per user cost a round trip per user)
  const open = past.length
    ? await ctx.db
        .select({ id: positions.id, gid: positions.gid, userId: positions.userId })
        .from(positions)
        .where(
          and(
            sql`${positions.userId} = ANY(${`{${past.map((u) => u.user_id).join(',')}}`}::int[])`,
            eq(positions.status, 'open'),
            eq(positions.locked, false),
          ),
        )
        .orderBy(positions.userId, positions.id)
    : [];
  const byUser = new Map<number, { id: number; gid: string }[]>();
  for (const p of open) byUser.set(p.userId, [...(byUser.get(p.userId) ?? []), p]);
  // users in parallel (each user's positions one after another, in their own transactions): a few connections'
  // worth, so the sweep keeps pace with a crash of many users at once (bench/positions S1)
  await eachLimited(past, SWEEP_CONCURRENCY, async (u) => {
    let pnl = new Decimal(0);
    let n = 0;
    for (const p of byUser.get(u.user_id) ?? []) {
      // no price to close at (stale quote): skipped without a transaction; close() checks it again under the lock
      if (!ctx.market?.tradablePrice(p.gid)) {
        out.skipped++;
        continue;
      }
      try {
        const c = await retryConflict(() => close(p.id, 'force', `P/L ${new Decimal(u.pnl).toFixed(2)} ≤ −${u.line}`));
        if (c) {
          n++;
          pnl = pnl.plus(c.pnl ?? 0);
        } else out.skipped++;
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        out.skipped++;
      }
    }
    if (n) {
      out.users++;
      out.closed += n;
      notify(ctx, { type: 'FORCE_CLOSED', userId: u.user_id, data: { userId: u.user_id, amount: pnl.toFixed(2) } });
    }
  });
  // take-profit / stop-loss at the live price
  const triggers = rows<{ id: number; kind: 'take_profit' | 'stop_loss' }>(
    await ctx.db.execute(sql`
      SELECT p.id, CASE
        WHEN p.take_profit IS NOT NULL AND ((p.direction = 'long' AND q.last >= p.take_profit) OR (p.direction = 'short' AND q.last <= p.take_profit)) THEN 'take_profit'
        ELSE 'stop_loss' END AS kind
      FROM positions p JOIN quotes q ON q.gid = p.gid
      WHERE p.status = 'open' AND NOT p.locked AND NOT q.stale AND (
        (p.take_profit IS NOT NULL AND ((p.direction = 'long' AND q.last >= p.take_profit) OR (p.direction = 'short' AND q.last <= p.take_profit)))
        OR (p.stop_loss IS NOT NULL AND ((p.direction = 'long' AND q.last <= p.stop_loss) OR (p.direction = 'short' AND q.last >= p.stop_loss))))`),
  );
  for (const tr of triggers) {
    const c = await close(tr.id, tr.kind, tr.kind === 'take_profit' ? 'take-profit reached' : 'stop-loss reached').catch((err) => {
      if (err instanceof AppError) return null;
      throw err;
    });
    if (c) out[tr.kind === 'take_profit' ? 'takeProfit' : 'stopLoss']++;
  }
  return out;
}

/**
 * The daily deferral fee of every position held overnight: once per calendar day (Asia/Shanghai) per
 * position (`deferral_through`), from free cash; what free cash cannot pay is recorded as the day's debt.
 */
export async function chargeDeferral(
  ctx: AppContext,
  now = new Date(ctx.market?.now() ?? Date.now()),
): Promise<{ charged: number; debts: number }> {
  const { docs } = await riskRules(ctx);
  const day = shanghaiTime(now.getTime()).day;
  const due = await ctx.db
    .select({ id: positions.id })
    .from(positions)
    .where(
      and(
        eq(positions.status, 'open'),
        or(isNull(positions.deferralThrough), lt(positions.deferralThrough, day)),
        lt(positions.openedAt, now),
      ),
    );
  let charged = 0;
  let debts = 0;
  for (const { id } of due) {
    await ctx.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const [p] = await tx.select().from(positions).where(eq(positions.id, id)).for('update');
      if (!p || p.status !== 'open' || (p.deferralThrough != null && p.deferralThrough >= day)) return;
      const fee = deferralOf(p.buyAmount, docs.stock.deferralFeePct);
      const [u] = await tx
        .select({ enable: users.enableAmt, agentId: users.agentId })
        .from(users)
        .where(eq(users.id, p.userId))
        .for('update');
      const paid = Decimal.min(fee, new Decimal(u!.enable));
      if (paid.gt(0))
        await post(tx, p.userId, [{ type: 'deferral_fee', amount: paid.negated().toFixed(2), reference: p.positionNo, note: day }]);
      if (fee.gt(paid)) {
        await tx
          .insert(tradingDebts)
          .values({ userId: p.userId, positionId: p.id, kind: 'deferral', day, amount: fee.minus(paid).toFixed(2) });
        debts++;
      }
      await tx
        .update(positions)
        .set({ deferralFee: new Decimal(p.deferralFee).plus(paid).toFixed(2), deferralDays: p.deferralDays + 1, deferralThrough: day })
        .where(eq(positions.id, p.id));
      if (u!.agentId != null && paid.gt(0)) {
        const [a] = await tx.select({ rate: agents.deferralRate }).from(agents).where(eq(agents.id, u!.agentId)).limit(1);
        const c = a ? paid.times(a.rate).toDecimalPlaces(2, Decimal.ROUND_DOWN) : new Decimal(0);
        if (c.gt(0))
          await postAgent(tx, u!.agentId, [
            { type: 'agent_commission', amount: c.toFixed(2), reference: p.positionNo, note: 'deferral commission' },
          ]);
      }
      charged++;
    });
  }
  return { charged, debts };
}

/** The end-of-day snapshot of open positions at the close (one row per position per day; a re-run changes nothing). */
export async function snapshotPositions(ctx: AppContext): Promise<{ day: string; rows: number }> {
  const day = shanghaiTime(ctx.market?.now() ?? Date.now()).day;
  const r = await ctx.db.execute(sql`
    INSERT INTO position_snapshots (day, position_id, user_id, last, pnl, margin)
    SELECT ${day}::date, p.id, p.user_id, q.last,
           CASE WHEN q.last IS NULL THEN NULL WHEN p.direction = 'long' THEN round((q.last - p.buy_price) * p.shares, 2)
                ELSE round((p.buy_price - q.last) * p.shares, 2) END, p.margin
    FROM positions p LEFT JOIN quotes q ON q.gid = p.gid WHERE p.status = 'open'
    ON CONFLICT (day, position_id) DO NOTHING`);
  return {
    day,
    rows:
      (r as unknown as { rowCount?: number; affectedRows?: number }).rowCount ??
      (r as unknown as { affectedRows?: number }).affectedRows ??
      0,
  };
}

export const tradingJobs = [
  defineJob({
    key: 'trading-force-close',
    name: { zh: '强制平仓监控', en: 'Force-close watcher' },
    schedule: '@every 30s',
    run: sweepPositions,
  }),
  defineJob({
    key: 'trading-deferral',
    name: { zh: '递延费扣收', en: 'Daily deferral fee' },
    schedule: '50 23 * * *',
    run: (ctx) => chargeDeferral(ctx),
  }),
  defineJob({
    key: 'trading-snapshot',
    name: { zh: '收盘持仓快照', en: 'End-of-day position snapshot' },
    schedule: '10 15 * * 1-5',
    run: snapshotPositions,
  }),
];
