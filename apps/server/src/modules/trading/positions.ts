import Decimal from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import type { Direction } from '@stock-admin/contracts';
import { orders, positions } from './tables.js';
import { users } from '../_kit/parties.js';
import type { Db } from '../../db/client.js';
import type { AppContext, Principal } from '../../app/context.js';
import { fail, invalid } from '../../http/errors.js';
import { assertUserInScope, userScope } from '../_kit/scope.js';
import { riskRules, spreadPctOf } from '../risk/index.js';
import { closePosition, openPosition, orderEvent, tradeNo } from './book.js';
import { buyCost } from './money.js';
import { assertTradingOpen, assertWithinLimits, liveQuote, tradableStock } from './rules.js';

type PositionRow = typeof positions.$inferSelect;

async function lockOpen(tx: Db, id: number, scope: ReturnType<typeof userScope>): Promise<PositionRow> {
  const [p] = await tx
    .select()
    .from(positions)
    .where(and(eq(positions.id, id), scope))
    .for('update');
  if (!p) throw fail('trade.position_not_found');
  if (p.status !== 'open') throw fail('trade.position_closed');
  return p;
}

/** The user asks to sell an open position: a sell order waits in the sell list (one per position). */
export async function requestSell(ctx: AppContext, userId: number, id: number) {
  await assertTradingOpen(ctx);
  const { docs } = await riskRules(ctx);
  return ctx.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const p = await lockOpen(tx, id, eq(positions.userId, userId));
    if (p.locked) throw fail('trade.position_locked', { reason: p.lockReason ?? '-' });
    const minutes = docs.stock.minHoldMinutes;
    if (minutes && Date.now() - p.openedAt.getTime() < minutes * 60_000) throw fail('trade.churn_hold', { minutes });
    const q = liveQuote(ctx, p.gid);
    const [pending] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.positionId, p.id), eq(orders.kind, 'sell'), eq(orders.status, 'pending')))
      .limit(1);
    if (pending) throw fail('trade.sell_pending');
    return recordSell(tx, p, q.last);
  });
}

/** The sell order of an open position at `price`, waiting for review (a user's request; the demo's too). */
export async function recordSell(tx: Db, p: PositionRow, price: string) {
  const [o] = await tx
    .insert(orders)
    .values({
      orderNo: await tradeNo(tx, 'S'),
      kind: 'sell',
      userId: p.userId,
      stockId: p.stockId,
      gid: p.gid,
      code: p.code,
      stockName: p.stockName,
      direction: p.direction,
      shares: p.shares,
      leverage: p.leverage,
      price,
      amount: new Decimal(price).times(p.shares).toFixed(2),
      positionId: p.id,
    })
    .returning();
  await orderEvent(tx, o!.id, 'pending', null);
  return o!;
}

/** An operator closes a position at the live quote, with a reason; a pending sell of it is cancelled (closePositions). */
export async function forceClose(ctx: AppContext, admin: Principal, id: number, reason: string): Promise<PositionRow> {
  const rules = await riskRules(ctx);
  return ctx.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const p = await lockOpen(tx, id, userScope(admin, positions.userId));
    const q = liveQuote(ctx, p.gid);
    return closePosition(tx, p, q.last, 'admin', { adminId: admin.adminId, reason }, rules);
  });
}

export async function lockPosition(ctx: AppContext, admin: Principal, id: number, locked: boolean, reason?: string): Promise<PositionRow> {
  return ctx.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await lockOpen(tx, id, userScope(admin, positions.userId));
    const [p] = await tx
      .update(positions)
      .set({ locked, lockReason: locked ? (reason ?? null) : null })
      .where(eq(positions.id, id))
      .returning();
    return p!;
  });
}

export interface CreateArgs {
  userId: number;
  gid: string;
  direction: Direction;
  shares: number;
  leverage: number;
  price: string;
  openedAt?: string;
  note?: string;
}

/** 创建股票持仓: a position for a user at a price within today's limits, with the money of an approved buy. */
export async function createPosition(ctx: AppContext, admin: Principal, a: CreateArgs): Promise<PositionRow> {
  if (admin.agentId != null) throw fail('trade.agent_readonly');
  await assertUserInScope(ctx.db, admin, a.userId, 'userId');
  const stock = await tradableStock(ctx.db, a.gid);
  const q = liveQuote(ctx, stock.gid);
  assertWithinLimits(stock, q, a.price, 'price');
  const { docs, spread } = await riskRules(ctx);
  if (!docs.stock.leverages.includes(a.leverage)) throw fail('trade.leverage_choice', { choices: docs.stock.leverages.join('/') });
  const amount = new Decimal(a.price).times(a.shares);
  const cost = buyCost(
    a.price,
    a.shares,
    a.leverage,
    docs.stock,
    spreadPctOf(spread, { code: stock.code, changePct: q.changePct, amount, price: a.price, stockRate: stock.spreadRate }),
  );
  const openedAt = a.openedAt ? new Date(a.openedAt) : new Date();
  if (Number.isNaN(openedAt.getTime()) || openedAt.getTime() > Date.now() + 60_000) throw invalid('openedAt');
  return ctx.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [u] = await tx.select({ agentId: users.agentId }).from(users).where(eq(users.id, a.userId)).for('update');
    return openPosition(tx, {
      userId: a.userId,
      agentId: u?.agentId ?? null,
      stock,
      direction: a.direction,
      shares: a.shares,
      leverage: a.leverage,
      price: a.price,
      cost,
      source: 'admin',
      adminId: admin.adminId,
      openedAt,
      note: a.note ?? null,
    });
  });
}
