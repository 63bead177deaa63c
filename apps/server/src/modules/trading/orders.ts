import Decimal from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import type { Direction, Lang } from '@stock-admin/contracts';
import { orders, positions } from './tables.js';
import { users } from '../_kit/parties.js';
import type { Db } from '../../db/client.js';
import type { AppContext, Principal } from '../../app/context.js';
import { fail } from '../../http/errors.js';
import { post } from '../fundrecords/index.js';
import { notify } from '../../realtime/notify.js';
import { userScope } from '../_kit/scope.js';
import { claimPending, reviewEach } from '../_kit/review.js';
import { riskRules } from '../risk/index.js';
import { closePosition, openPosition, orderEvent } from './book.js';
import { costAt } from './buy.js';
import { assertWithinLimits, liveQuote, tradableStock, type TradedStock } from './rules.js';

type OrderRow = typeof orders.$inferSelect;

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
    notPending: (status) => fail('trade.order_not_pending', { status: `trade.status.${String(status)}` }),
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
    // lock order (docs/architecture.md "Concurrency"): a sell's position before the order, as every closing path
    const position = await lockSellPosition(tx, id);
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
      const p = position;
      // a close cancels the position's pending sell in its transaction, so a claimed sell has its position open
      if (!p || p.status !== 'open' || p.id !== row.positionId) throw fail('trade.position_closed');
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

/** The position of a sell order, locked (undefined for a buy, or an order not found: the claim says which). */
async function lockSellPosition(tx: Db, orderId: number): Promise<typeof positions.$inferSelect | undefined> {
  const [o] = await tx.select({ kind: orders.kind, positionId: orders.positionId }).from(orders).where(eq(orders.id, orderId));
  if (o?.kind !== 'sell' || o.positionId == null) return undefined;
  const [p] = await tx.select().from(positions).where(eq(positions.id, o.positionId)).for('update');
  return p;
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
