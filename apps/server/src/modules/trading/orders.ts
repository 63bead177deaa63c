import Decimal from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import type { Direction, Lang, OrderItem } from '@stock-admin/contracts';
import { orders, positions, users } from '../../db/schema/index.js';
import type { Db } from '../../db/client.js';
import type { AppContext, Principal } from '../../http/context.js';
import { fail } from '../../http/errors.js';
import { post, postLocked, type LockedUser } from '../../ledger/index.js';
import { rows } from '../../db/migrate.js';
import { serialNoSql } from '../../db/serial-no.js';
import { notify } from '../../realtime/notify.js';
import { userScope } from '../agents/scope.js';
import { claimPending, reviewEach } from '../_kit/review.js';
import { riskRules, type RiskRules } from '../risk/settings.js';
import { spreadPctOf } from '../risk/spread.js';
import { closePosition, openPosition, orderEvent } from './book.js';
import { buyCost, type BuyCost } from './money.js';
import { toOrder } from './lists.js';
import {
  assertOrderShape,
  assertTradingOpen,
  assertWithinLimits,
  checkTrader,
  liveQuote,
  lockBuyer,
  tradableStock,
  type TradedStock,
} from './rules.js';

type OrderRow = typeof orders.$inferSelect;
const m = (d: Decimal) => d.toFixed(2);

export interface BuyInput {
  gid: string;
  shares: number;
  leverage: number;
  direction: Direction;
  takeProfit?: string;
  stopLoss?: string;
}

/** The cost of a buy at `price` under today's rules (fees, the highest matching spread). */
function costAt(rules: RiskRules, stock: TradedStock, price: Decimal.Value, shares: number, leverage: number, changePct: string) {
  const { docs, spread } = rules;
  const amount = new Decimal(price).times(shares);
  const spreadPct = spreadPctOf(spread, { code: stock.code, changePct, amount, price, stockRate: stock.spreadRate });
  return buyCost(price, shares, leverage, docs.stock, spreadPct);
}

/**
 * A user's buy (platform API): every rule checked, then the margin, fee and spread held from free cash in one
 * transaction with the order and its first history row; the buy list's badge (19) moves. Three statements inside
 * the transaction (bench/positions B1): the buyer locked with the stock, the order with its number, anti-churn
 * check and history row, then the hold through the ledger.
 */
export async function placeBuy(ctx: AppContext, userId: number, input: BuyInput): Promise<OrderItem> {
  await assertTradingOpen(ctx);
  const rules = await riskRules(ctx);
  const { docs } = rules;
  const order = await ctx.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const { user, stock } = await lockBuyer(tx, userId, input.gid);
    const q = liveQuote(ctx, stock.gid);
    assertOrderShape(rules, stock, q, input);
    const cost = costAt(rules, stock, q.last, input.shares, input.leverage, q.changePct);
    if (cost.amount.lt(docs.stock.minBuyAmount)) throw fail('trade.min_amount', { min: docs.stock.minBuyAmount });
    checkTrader(rules, user);
    const enable = new Decimal(user.enableAmt);
    if (cost.margin.gt(enable.times(docs.stock.maxMarginPct).dividedBy(100)))
      throw fail('trade.margin_pct', { margin: m(cost.margin), pct: docs.stock.maxMarginPct });
    if (cost.hold.gt(enable)) throw fail('trade.insufficient', { need: m(cost.hold) });
    return recordBuy(tx, user, stock, q.last, input, cost, new Date(), rules);
  });
  notify(ctx, { type: 'BUY_GP_REQUEST', userId, data: { id: order.id, userId, amount: order.amount } });
  return order;
}

/**
 * Writes a pending buy for a user locked for posting (rules already checked; with `rules`, anti-churn too: at most
 * N buys of one stock per window — the user row is locked, so concurrent buys count each other): the order, its
 * first history row and its hold through the ledger.
 */
export async function recordBuy(
  tx: Db,
  user: LockedUser,
  stock: TradedStock,
  price: string,
  input: BuyInput,
  cost: BuyCost,
  now: Date,
  rules?: RiskRules,
): Promise<OrderItem> {
  const r = rules?.docs.stock;
  // the window's count is read by this statement, which starts after the lock: it sees every buy committed before
  const recent = r?.buyWindowMinutes
    ? sql`(SELECT count(*) AS n FROM orders WHERE user_id = ${user.id} AND kind = 'buy' AND gid = ${stock.gid}
             AND created_at >= ${new Date(now.getTime() - r.buyWindowMinutes * 60_000).toISOString()}::timestamptz AND status <> 'cancelled')`
    : sql`(SELECT 0 AS n)`;
  const [row] = rows<Record<string, unknown>>(
    await tx.execute(sql`
      WITH o AS (
        INSERT INTO orders (order_no, kind, user_id, stock_id, gid, code, stock_name, direction, shares, leverage, price, amount,
                            margin, fee, spread, hold, take_profit, stop_loss, created_at)
        SELECT ${serialNoSql('B', 'trade_no_seq', now)}, 'buy', ${user.id}, ${stock.id}, ${stock.gid}, ${stock.code}, ${stock.name},
               ${input.direction}, ${input.shares}, ${input.leverage}, ${price}, ${m(cost.amount)}, ${m(cost.margin)}, ${m(cost.fee)},
               ${m(cost.spread)}, ${m(cost.hold)}, ${input.takeProfit ?? null}, ${input.stopLoss ?? null}, ${now.toISOString()}::timestamptz
        FROM ${recent} AS recent WHERE recent.n < ${r?.buyWindowMinutes ? r.maxBuysInWindow : 1}
        RETURNING *),
      e AS (INSERT INTO order_events (order_id, status) SELECT id, 'pending' FROM o)
      SELECT o.*, u.phone, u.real_name, u.nick_name, ag.name AS agent_name, NULL AS reviewer, q.last AS q_last
      FROM o JOIN users u ON u.id = o.user_id LEFT JOIN agents ag ON ag.id = u.agent_id LEFT JOIN quotes q ON q.gid = o.gid`),
  );
  if (!row) throw fail('trade.churn_buys', { minutes: r!.buyWindowMinutes, max: r!.maxBuysInWindow });
  const order = toOrder(row);
  // The hold's fund record goes last: its summaries (fund_stats_hour above all, one row per hour and type for
  // the whole platform) are locked from this statement to the commit, so every concurrent buy waits on them
  // for no more than that (bench/positions B1).
  await postLocked(tx, user, [
    { type: 'order_hold', amount: m(cost.hold.negated()), reference: order.orderNo, note: `${stock.name} ${input.shares}` },
  ]);
  return order;
}

const claimOrder = (tx: Db, id: number, scope: ReturnType<typeof userScope>, set: Partial<OrderRow>) =>
  claimPending<typeof orders, OrderRow>(tx, {
    table: orders,
    id: orders.id,
    status: orders.status,
    pending: 'pending',
    rowId: id,
    scope,
    set: { ...set, updatedAt: new Date() },
    notFound: () => fail('trade.order_not_found'),
    notPending: (status) => fail('trade.order_not_pending', { status: String(status) }),
  });

/** The user withdraws a buy still waiting for review: the hold returns to free cash. */
export async function cancelBuy(ctx: AppContext, userId: number, id: number): Promise<OrderRow> {
  const o = await ctx.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const row = await claimOrder(tx, id, and(eq(orders.userId, userId), eq(orders.kind, 'buy')), { status: 'cancelled' });
    await post(tx, userId, [{ type: 'order_release', amount: row.hold, reference: row.orderNo, note: 'cancelled' }]);
    await orderEvent(tx, row.id, 'cancelled', null);
    return row;
  });
  notify(ctx, { type: 'BUY_GP_SETTLED', userId, data: { id: o.id, userId } });
  return o;
}

export interface ReviewArgs {
  approve: boolean;
  fillPrice?: string;
  reason?: string;
}

/**
 * Approves or rejects a pending order exactly once. A buy approved opens its position at the fill price
 * (the live quote unless the operator gave one within today's limits); rejected, its hold returns. A sell
 * approved closes its position at the fill price; rejected, the position stays open.
 */
export async function reviewOrder(ctx: AppContext, admin: Principal, id: number, r: ReviewArgs): Promise<OrderRow> {
  if (!r.approve && !r.reason) throw fail('trade.reason_required');
  // read before the transaction: on the embedded database a read through ctx.db inside it would wait for itself
  const rules = await riskRules(ctx);
  const o = await ctx.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const now = new Date();
    const row = await claimOrder(tx, id, userScope(admin, orders.userId), {
      status: r.approve ? 'approved' : 'rejected',
      reviewedBy: admin.adminId,
      reviewedAt: now,
      reason: r.reason ?? null,
    });
    if (!r.approve) {
      if (row.kind === 'buy')
        await post(tx, row.userId, [
          { type: 'order_release', amount: row.hold, reference: row.orderNo, adminId: admin.adminId, note: r.reason },
        ]);
      await orderEvent(tx, row.id, 'rejected', admin.adminId, r.reason);
      return row;
    }
    const stock = await tradableStockForReview(tx, row);
    const q = liveQuote(ctx, row.gid);
    const fill = r.fillPrice ?? q.last;
    if (r.fillPrice) assertWithinLimits(stock, q, fill, 'fillPrice');
    if (row.kind === 'buy') {
      const cost = costAt(rules, stock, fill, row.shares, row.leverage, q.changePct);
      const [u] = await tx.select({ agentId: users.agentId }).from(users).where(eq(users.id, row.userId));
      const agentId = u?.agentId ?? null;
      const p = await openPosition(tx, {
        userId: row.userId,
        agentId,
        stock,
        direction: row.direction as Direction,
        shares: row.shares,
        leverage: row.leverage,
        price: fill,
        cost,
        takeProfit: row.takeProfit,
        stopLoss: row.stopLoss,
        source: 'buy',
        adminId: admin.adminId,
        releaseHold: { amount: new Decimal(row.hold), orderNo: row.orderNo },
      });
      await tx
        .update(orders)
        .set({ positionId: p.id, fillPrice: new Decimal(fill).toFixed(4) })
        .where(eq(orders.id, row.id));
    } else {
      const [p] = await tx.select().from(positions).where(eq(positions.id, row.positionId!)).for('update');
      if (!p || p.status !== 'open') throw fail('trade.position_closed');
      await closePosition(tx, p, fill, 'sell', { adminId: admin.adminId }, rules);
      await tx
        .update(orders)
        .set({ fillPrice: new Decimal(fill).toFixed(4) })
        .where(eq(orders.id, row.id));
    }
    await orderEvent(tx, row.id, 'approved', admin.adminId, r.fillPrice ? `fill ${fill}` : null);
    return row;
  });
  if (o.kind === 'buy') notify(ctx, { type: 'BUY_GP_SETTLED', userId: o.userId, data: { id: o.id, userId: o.userId } });
  return o;
}

/** The order's stock as it is now (an approval needs it listed; a locked stock may still be reviewed). */
async function tradableStockForReview(tx: Db, row: OrderRow): Promise<TradedStock> {
  try {
    return await tradableStock(tx, row.gid);
  } catch (err) {
    if ((err as { key?: string }).key !== 'trade.stock_locked') throw err;
    const s = await tx.execute(sql`SELECT id, gid, code, name, board, st, spread_rate FROM stocks WHERE gid = ${row.gid}`);
    const r = (s as unknown as { rows: Record<string, unknown>[] }).rows[0]!;
    return {
      id: Number(r.id),
      gid: String(r.gid),
      code: String(r.code),
      name: String(r.name),
      board: r.board as TradedStock['board'],
      st: Boolean(r.st),
      spreadRate: String(r.spread_rate),
    };
  }
}

export function batchReviewOrders(ctx: AppContext, admin: Principal, ids: number[], r: ReviewArgs, lang: Lang) {
  if (!r.approve && !r.reason) throw fail('trade.reason_required');
  return reviewEach(
    ids,
    lang,
    (id) => reviewOrder(ctx, admin, id, { approve: r.approve, reason: r.reason }),
    r.approve ? 'trade.approved' : 'trade.rejected',
  );
}
