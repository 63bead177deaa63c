import Decimal from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import { positions } from './tables.js';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import type { AppContext } from '../../app/context.js';
import { AppError } from '../../http/errors.js';
import { notify } from '../../realtime/notify.js';
import { riskRules, type RiskRules } from '../risk/index.js';
import { closePosition, closePositions, type Closing } from './book.js';

/**
 * The force-close watcher (a job, once per cluster): users past their line are closed out at the live quote,
 * and take-profit / stop-loss orders are filled. Every close is re-checked under its row locks, each batch is
 * one transaction, so a run cut short by a stopped instance leaves nothing half-done and the next run finishes.
 */

/**
 * Stocks whose quote may be ex-rights while their positions are not adjusted yet (issue 62: a corporate action due by
 * the quote's day, not applied): their positions count as unpriced — a price that fell by a dividend is no loss until
 * the run has credited it and adjusted the shares (within a minute of the roll; an action entered late waits for an
 * operator's "run now"). corp_actions is read by name: trading imports nothing of that domain, which calls trading.
 */
const GOING_EX = sql`SELECT ca.gid FROM corp_actions ca JOIN quotes gq ON gq.gid = ca.gid
  WHERE ca.status = 'scheduled' AND ca.ex_date <= gq.trading_day`;

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
      WITH going AS MATERIALIZED (${GOING_EX}),
      o AS MATERIALIZED (
        SELECT user_id, sum(margin) AS margins, sum(pnl) AS pnl
        FROM (SELECT p.user_id, p.margin, q.stale OR p.gid IN (SELECT gid FROM going) AS stale,
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

/** How many users' positions one sweep transaction closes, and how many such transactions run at once. */
export const SWEEP_BATCH = 200;
export const SWEEP_CONCURRENCY = 2;

/** Runs `fn` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

interface BatchResult {
  closed: (typeof positions.$inferSelect)[];
  skipped: number;
}

/**
 * One transaction: every open, unlocked position of `userIds`, locked in id order (positions before users, as
 * every closing path does), closed at the live quote with each user's line as the reason. A position without a
 * tradable price (stale quote) is left open and counted as skipped.
 */
async function forceCloseUsers(ctx: AppContext, userIds: number[], reasons: Map<number, string>, rules: RiskRules): Promise<BatchResult> {
  return ctx.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const open = await tx
      .select()
      .from(positions)
      .where(
        and(sql`${positions.userId} = ANY(${`{${userIds.join(',')}}`}::int[])`, eq(positions.status, 'open'), eq(positions.locked, false)),
      )
      .orderBy(positions.id)
      .for('update');
    const items: Closing[] = [];
    let skipped = 0;
    for (const p of open) {
      const exit = ctx.market?.tradablePrice(p.gid);
      if (exit) items.push({ p, exit, reason: reasons.get(p.userId) });
      else skipped++;
    }
    return { closed: await closePositions(tx, items, 'force', { adminId: null }, rules), skipped };
  });
}

/** Closes every open, unlocked position of the users past the line at the live quote; take-profit and stop-loss too. */
export async function sweepPositions(
  ctx: AppContext,
  opts: { batch?: number } = {},
): Promise<{ users: number; closed: number; takeProfit: number; stopLoss: number; skipped: number }> {
  const rules = await riskRules(ctx);
  const out = { users: 0, closed: 0, takeProfit: 0, stopLoss: 0, skipped: 0 };
  const past = await usersPastLine(ctx.db, rules.docs.stock.forceClosePct);
  const reasons = new Map(past.map((u) => [u.user_id, `P/L ${new Decimal(u.pnl).toFixed(2)} ≤ −${u.line}`]));
  const batches: number[][] = [];
  const size = opts.batch ?? SWEEP_BATCH;
  for (let i = 0; i < past.length; i += size) batches.push(past.slice(i, i + size).map((u) => u.user_id));
  const tally = (r: BatchResult) => {
    out.skipped += r.skipped;
    const byUser = new Map<number, Decimal>();
    for (const c of r.closed) byUser.set(c.userId, (byUser.get(c.userId) ?? new Decimal(0)).plus(c.pnl ?? 0));
    out.users += byUser.size;
    out.closed += r.closed.length;
    for (const [userId, pnl] of byUser) notify(ctx, { type: 'FORCE_CLOSED', userId, data: { userId, amount: pnl.toFixed(2) } });
  };
  // a batch one user's refusal undid (deleted meanwhile, say) is halved and each half tried again, down to that user
  // alone: a few more transactions per refused user, not one per user of the batch (bench/positions S1 met ≈ 50)
  const closeBatch = async (ids: number[]): Promise<void> => {
    try {
      // a deadlock between two batches is tried again by the transaction itself (db/transactions.ts)
      tally(await forceCloseUsers(ctx, ids, reasons, rules));
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (ids.length === 1) {
        out.skipped++;
        return;
      }
      const half = Math.ceil(ids.length / 2);
      await closeBatch(ids.slice(0, half));
      await closeBatch(ids.slice(half));
    }
  };
  await eachLimited(batches, SWEEP_CONCURRENCY, closeBatch);
  // take-profit / stop-loss at the live price
  const triggers = rows<{ id: number; kind: 'take_profit' | 'stop_loss' }>(
    await ctx.db.execute(sql`
      SELECT p.id, CASE
        WHEN p.take_profit IS NOT NULL AND ((p.direction = 'long' AND q.last >= p.take_profit) OR (p.direction = 'short' AND q.last <= p.take_profit)) THEN 'take_profit'
        ELSE 'stop_loss' END AS kind
      FROM positions p JOIN quotes q ON q.gid = p.gid
      WHERE p.status = 'open' AND NOT p.locked AND NOT q.stale AND p.gid NOT IN (${GOING_EX}) AND (
        (p.take_profit IS NOT NULL AND ((p.direction = 'long' AND q.last >= p.take_profit) OR (p.direction = 'short' AND q.last <= p.take_profit)))
        OR (p.stop_loss IS NOT NULL AND ((p.direction = 'long' AND q.last <= p.stop_loss) OR (p.direction = 'short' AND q.last >= p.stop_loss))))`),
  );
  for (const tr of triggers) {
    const c = await ctx.db
      .transaction(async (t) => {
        const tx = t as unknown as Db;
        const [p] = await tx.select().from(positions).where(eq(positions.id, tr.id)).for('update');
        if (!p || p.status !== 'open' || p.locked) return null;
        const price = ctx.market?.tradablePrice(p.gid);
        if (!price) return null;
        const reason = tr.kind === 'take_profit' ? 'take-profit reached' : 'stop-loss reached';
        return closePosition(tx, p, price, tr.kind, { adminId: null, reason }, rules);
      })
      .catch((err) => {
        if (err instanceof AppError) return null;
        throw err;
      });
    if (c) out[tr.kind === 'take_profit' ? 'takeProfit' : 'stopLoss']++;
  }
  return out;
}
