import Decimal from 'decimal.js';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { agents, users } from '../_kit/parties.js';
import { positions, tradingDebts } from './tables.js';
import type { Db } from '../../db/client.js';
import type { AppContext } from '../../app/context.js';
import { defineJob } from '../../jobs/registry.js';
import { post, postAgent } from '../fundrecords/index.js';
import { shanghaiTime } from '../market/index.js';
import { riskRules } from '../risk/index.js';
import { sweepPositions } from './sweep.js';
import { deferralOf } from './money.js';

/**
 * Trading's scheduled work (once per cluster, by the job runner): the force-close watcher (sweep.ts), the daily
 * deferral fee and the closing snapshot. The fee is charged position by position, each in its own transaction and
 * re-checked under its row lock, so a run cut short by a stopped instance leaves nothing half-done and the next
 * run finishes the rest.
 */

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
    run: (ctx) => sweepPositions(ctx),
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
