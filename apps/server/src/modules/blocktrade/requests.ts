import Decimal from 'decimal.js';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { BLOCK_KEY_ATTEMPTS_PER_HOUR, type Lang } from '@stock-admin/contracts';
import { blockKeyFailures, blockProducts, blockRequests } from './tables.js';
import { stocks } from '../products/tables.js';
import type { Db } from '../../db/client.js';
import { serialNo } from '../../db/serial-no.js';
import type { AppContext, Principal } from '../../app/context.js';
import { fail } from '../../http/errors.js';
import { post } from '../fundrecords/index.js';
import { sharedKeyChecker } from '../../lib/password.js';
import { notify } from '../../realtime/notify.js';
import { reviewEach, claimPending } from '../_kit/review.js';
import { userScope } from '../_kit/scope.js';
import { riskRules } from '../risk/index.js';
import {
  openPosition,
  buyCost,
  feeOf,
  assertTradingOpen,
  assertWithinLimits,
  checkTrader,
  lockTrader,
  type TradedStock,
} from '../trading/index.js';
import { users } from '../_kit/parties.js';
import { blockPrice, nowOf, windowOf } from './products.js';
import './messages.js';
import { listDb } from '../../db/named.js';

export type RequestRow = typeof blockRequests.$inferSelect;
const m = (d: Decimal) => d.toFixed(2);
/** The products' keys, remembered once matched (lib/password.ts): every invited user types the same key. */
const verifyTradeKey = sharedKeyChecker();

/**
 * A user's block buy (platform API): the window, the product's state, the trade key (a few wrong ones an
 * hour), the quantity bounds and what is left, the trading switches and hours, the user's trade lock and
 * real name, then price × shares plus the buy fee held from free cash with the pending request. The product, the
 * user's wrong keys in the last hour and the user are read in one statement; a buy the user cannot pay for (most
 * refusals) is refused on that read, with no transaction and no lock, and checked again under the locks.
 */
export async function placeRequest(ctx: AppContext, userId: number, input: { productId: number; shares: number; tradeKey: string }) {
  await assertTradingOpen(ctx);
  const rules = await riskRules(ctx);
  const now = nowOf(ctx);
  const hourAgo = new Date(Date.now() - 3600_000).toISOString();
  const [r] = await listDb(ctx.db)
    .select({
      p: blockProducts,
      failures: sql<number>`(SELECT count(*)::int FROM block_key_failures WHERE user_id = ${userId} AND at > ${hourAgo}::timestamptz)`,
      trader: { tradeLocked: users.tradeLocked, realState: users.realState, enable: users.enableAmt },
    })
    .from(blockProducts)
    .leftJoin(users, and(eq(users.id, userId), isNull(users.deletedAt)))
    .where(eq(blockProducts.id, input.productId))
    .limit(1);
  const p = r?.p;
  if (!p || !p.shown) throw fail('block.not_found');
  if (p.locked) throw fail('block.locked');
  if (windowOf(p, now) !== 'open') throw fail('block.closed');
  const failures = Number(r.failures);
  if (failures >= BLOCK_KEY_ATTEMPTS_PER_HOUR) throw fail('block.key_attempts');
  if (!(await verifyTradeKey(p.keyHash, input.tradeKey))) {
    // recorded outside any transaction: the refusal must not roll it back
    await ctx.db.insert(blockKeyFailures).values({ userId, productId: p.id });
    const left = BLOCK_KEY_ATTEMPTS_PER_HOUR - failures - 1;
    throw left > 0 ? fail('block.wrong_key', { left }) : fail('block.key_attempts');
  }
  if (input.shares < p.minShares || input.shares > p.maxShares) throw fail('block.shares_range', { min: p.minShares, max: p.maxShares });
  if (input.shares > p.leftShares - p.reservedShares)
    throw fail('block.not_enough_left', { left: Math.max(0, p.leftShares - p.reservedShares) });
  const price = blockPrice(ctx, p);
  if (!price) throw fail('block.no_price');
  if (r.trader) {
    checkTrader(rules, r.trader);
    const { hold } = holdOf(rules, price, input.shares);
    if (hold.gt(r.trader.enable)) throw fail('block.insufficient', { need: m(hold) });
  }
  const row = await ctx.db.transaction((t) => recordRequest(t as unknown as Db, rules, userId, p, input.shares, price));
  notify(ctx, { type: 'BUY_DZ_REQUEST', userId, data: { id: row.id, userId, amount: row.amount } });
  return row;
}

/** What a block buy holds from free cash: price × shares and the buy fee. */
function holdOf(rules: Awaited<ReturnType<typeof riskRules>>, price: Decimal, shares: number) {
  const amount = price.times(shares).toDecimalPlaces(2);
  const fee = feeOf(amount, rules.docs.stock.buyFeePct, rules.docs.stock.minFee);
  return { amount, fee, hold: amount.plus(fee) };
}

/**
 * Writes a pending request (its rules already checked): price × shares plus the buy fee held from free cash
 * under the user's row lock, with the request.
 */
export async function recordRequest(
  tx: Db,
  rules: Awaited<ReturnType<typeof riskRules>>,
  userId: number,
  p: typeof blockProducts.$inferSelect,
  shares: number,
  price: Decimal,
  now = new Date(),
): Promise<RequestRow> {
  const { amount, fee, hold } = holdOf(rules, price, shares);
  // lock order (docs/architecture.md "Concurrency"): the product, then the user
  await reserve(tx, p.id, shares);
  const { enable } = await lockTrader(tx, rules, userId);
  if (hold.gt(enable)) throw fail('block.insufficient', { need: m(hold) });
  const requestNo = await serialNo(tx, 'D', 'trade_no_seq', now);
  await post(tx, userId, [{ type: 'order_hold', amount: m(hold.negated()), reference: requestNo, note: `${p.stockName} ${shares}` }]);
  const [r] = await tx
    .insert(blockRequests)
    .values({
      requestNo,
      productId: p.id,
      userId,
      gid: p.gid,
      code: p.code,
      stockName: p.stockName,
      shares,
      price: price.toFixed(4),
      amount: m(amount),
      fee: m(fee),
      hold: m(hold),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return r!;
}

/** Takes `shares` of what the product has left unasked for, or refuses with what is left. */
async function reserve(tx: Db, productId: number, shares: number): Promise<void> {
  const [ok] = await tx
    .update(blockProducts)
    .set({ reservedShares: sql`${blockProducts.reservedShares} + ${shares}` })
    .where(and(eq(blockProducts.id, productId), sql`${blockProducts.leftShares} - ${blockProducts.reservedShares} >= ${shares}`))
    .returning({ id: blockProducts.id });
  if (ok) return;
  const [p] = await tx
    .select({ left: sql<number>`greatest(${blockProducts.leftShares} - ${blockProducts.reservedShares}, 0)::int` })
    .from(blockProducts)
    .where(eq(blockProducts.id, productId));
  throw fail('block.not_enough_left', { left: p?.left ?? 0 });
}

/** A decided or cancelled request gives its reservation back (and an approval takes its shares off what is left). */
async function release(tx: Db, req: RequestRow, sold = 0): Promise<void> {
  await tx
    .update(blockProducts)
    .set({
      reservedShares: sql`greatest(${blockProducts.reservedShares} - ${req.shares}, 0)`,
      ...(sold ? { leftShares: sql`${blockProducts.leftShares} - ${sold}`, updatedAt: new Date() } : {}),
    })
    .where(eq(blockProducts.id, req.productId));
}

const claimRequest = (tx: Db, id: number, scope: ReturnType<typeof userScope>, set: Partial<RequestRow>) =>
  claimPending<typeof blockRequests, RequestRow>(tx, {
    table: blockRequests,
    id: blockRequests.id,
    status: blockRequests.status,
    pending: 'pending',
    rowId: id,
    scope,
    set: { ...set, updatedAt: new Date() },
    notFound: () => fail('block.request_not_found'),
    notPending: (status) => fail('block.request_not_pending', { status: `block.status.${String(status)}` }),
  });

/** The user withdraws a request still waiting for review: the hold returns to free cash. */
export async function cancelRequest(ctx: AppContext, userId: number, id: number): Promise<RequestRow> {
  const r = await ctx.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const row = await claimRequest(tx, id, eq(blockRequests.userId, userId), { status: 'cancelled' });
    await release(tx, row);
    await post(tx, userId, [{ type: 'order_release', amount: row.hold, reference: row.requestNo, note: 'cancelled' }]);
    return row;
  });
  notify(ctx, { type: 'BUY_DZ_SETTLED', userId, data: { id: r.id, userId } });
  return r;
}

export interface ReviewArgs {
  approve: boolean;
  shares?: number;
  price?: string;
  reason?: string;
}

/**
 * Reviews a request exactly once. Approved: the product's quantity left goes down by the approved shares
 * (never below zero, whatever approvals run at once) and a long block-trade position opens at leverage 1
 * through trading's `openPosition` (the hold released, price × shares and the buy fee charged at the fill).
 * Rejected: the hold returns.
 */
export async function reviewRequest(ctx: AppContext, admin: Principal, id: number, r: ReviewArgs): Promise<RequestRow> {
  if (!r.approve && !r.reason) throw fail('block.reason_required');
  // read before the transaction: on the embedded database a read through ctx.db inside it would wait for itself
  const rules = await riskRules(ctx);
  const row = await ctx.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const now = new Date();
    const req = await claimRequest(tx, id, userScope(admin, blockRequests.userId), {
      status: r.approve ? 'approved' : 'rejected',
      reviewedBy: admin.adminId,
      reviewedAt: now,
      reason: r.reason ?? null,
    });
    if (!r.approve) {
      await release(tx, req);
      await post(tx, req.userId, [
        { type: 'order_release', amount: req.hold, reference: req.requestNo, adminId: admin.adminId, note: r.reason },
      ]);
      return req;
    }
    const shares = r.shares ?? req.shares;
    if (shares > req.shares) throw fail('block.shares_above_request', { shares: req.shares });
    const [s] = await tx
      .select()
      .from(stocks)
      .where(eq(stocks.id, (await productStockId(tx, req.productId))!))
      .limit(1);
    const stock: TradedStock = {
      id: s!.id,
      gid: s!.gid,
      code: s!.code,
      name: s!.name,
      board: s!.board as TradedStock['board'],
      st: s!.st,
      spreadRate: s!.spreadRate,
    };
    if (r.price) {
      const q = ctx.market?.quote(stock.gid);
      if (!q) throw fail('block.no_price');
      assertWithinLimits(stock, q, r.price, 'price');
    }
    const fill = r.price ?? req.price;
    // the request reserved its shares when asked: they are there (a product edited below them is caught here)
    const [p] = await tx
      .select({ left: blockProducts.leftShares })
      .from(blockProducts)
      .where(eq(blockProducts.id, req.productId))
      .for('update');
    if (!p || p.left < shares) throw fail('block.not_enough_left', { left: p?.left ?? 0 });
    await release(tx, req, shares);
    const cost = buyCost(fill, shares, 1, rules.docs.stock, 0);
    const { enable, agentId } = await lockTrader(tx, rules, req.userId);
    // a higher price than requested is paid from free cash as well as the hold
    if (cost.hold.gt(enable.plus(req.hold))) throw fail('block.insufficient', { need: m(cost.hold) });
    const position = await openPosition(tx, {
      userId: req.userId,
      agentId,
      stock,
      direction: 'long',
      shares,
      leverage: 1,
      price: fill,
      cost,
      source: 'block',
      adminId: admin.adminId,
      note: req.requestNo,
      releaseHold: { amount: new Decimal(req.hold), orderNo: req.requestNo },
    });
    const [done] = await tx
      .update(blockRequests)
      .set({ approvedShares: shares, fillPrice: new Decimal(fill).toFixed(4), positionId: position.id })
      .where(eq(blockRequests.id, req.id))
      .returning();
    return done!;
  });
  notify(ctx, { type: 'BUY_DZ_SETTLED', userId: row.userId, data: { id: row.id, userId: row.userId } });
  return row;
}

async function productStockId(tx: Db, productId: number): Promise<number | undefined> {
  const [p] = await tx.select({ stockId: blockProducts.stockId }).from(blockProducts).where(eq(blockProducts.id, productId));
  return p?.stockId;
}

export function batchReviewRequests(
  ctx: AppContext,
  admin: Principal,
  ids: number[],
  r: { approve: boolean; reason?: string },
  lang: Lang,
) {
  if (!r.approve && !r.reason) throw fail('block.reason_required');
  return reviewEach(ids, lang, (id) => reviewRequest(ctx, admin, id, r), r.approve ? 'block.approved' : 'block.rejected');
}
