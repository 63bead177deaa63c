import Decimal from 'decimal.js';
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { BlockProductItem, BlockWindow } from '@stock-admin/contracts';
import { blockProducts, blockRequests } from './tables.js';
import { stocks } from '../products/tables.js';
import type { Db } from '../../db/client.js';
import type { AppContext } from '../../app/context.js';
import { fail } from '../../http/errors.js';
import { hashPassword } from '../../lib/password.js';
import './messages.js';
import { onePage } from '../../db/paging.js';

export type ProductRow = typeof blockProducts.$inferSelect;

export interface ProductInput {
  gid: string;
  priceMode: 'discount' | 'fixed';
  discount?: string;
  fixedPrice?: string;
  minShares: number;
  maxShares: number;
  totalShares: number;
  startsAt: string;
  endsAt: string;
  shown?: boolean;
  tradeKey?: string;
}

/** The platform's clock (the quote feed's, so that a demo clock moves windows and prices together). */
export const nowOf = (ctx: AppContext) => new Date(ctx.market?.now() ?? Date.now());

export function windowOf(p: Pick<ProductRow, 'startsAt' | 'endsAt'>, now: Date): BlockWindow {
  if (now < p.startsAt) return 'upcoming';
  return now < p.endsAt ? 'open' : 'closed';
}

/** The block price now: the fixed price, or the live price × the discount to the cent; null without a fresh quote. */
export function blockPrice(ctx: AppContext, p: Pick<ProductRow, 'gid' | 'priceMode' | 'discount' | 'fixedPrice'>): Decimal | null {
  if (p.priceMode === 'fixed') return new Decimal(p.fixedPrice!);
  const last = ctx.market?.tradablePrice(p.gid);
  if (!last) return null;
  return new Decimal(last).times(p.discount!).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

export function toProduct(ctx: AppContext, p: ProductRow, pending: number): BlockProductItem {
  const last = ctx.market?.quote(p.gid)?.last ?? null;
  const price = blockPrice(ctx, p);
  return {
    id: p.id,
    stockId: p.stockId,
    gid: p.gid,
    code: p.code,
    stockName: p.stockName,
    priceMode: p.priceMode as BlockProductItem['priceMode'],
    discount: p.discount == null ? null : new Decimal(p.discount).toString(),
    fixedPrice: p.fixedPrice == null ? null : new Decimal(p.fixedPrice).toFixed(2),
    minShares: p.minShares,
    maxShares: p.maxShares,
    totalShares: p.totalShares,
    leftShares: p.leftShares,
    reservedShares: p.reservedShares,
    startsAt: p.startsAt.toISOString(),
    endsAt: p.endsAt.toISOString(),
    window: windowOf(p, nowOf(ctx)),
    shown: p.shown,
    locked: p.locked,
    lockReason: p.lockReason,
    last: last == null ? null : new Decimal(last).toFixed(2),
    price: price?.toFixed(2) ?? null,
    pending,
    createdAt: p.createdAt.toISOString(),
  };
}

const pendingOf = (db: Db, productId: number) =>
  db
    .select({ n: count() })
    .from(blockRequests)
    .where(and(eq(blockRequests.productId, productId), eq(blockRequests.status, 'pending')))
    .then(([r]) => Number(r?.n ?? 0));

export async function productById(ctx: AppContext, id: number): Promise<BlockProductItem> {
  const [p] = await ctx.db.select().from(blockProducts).where(eq(blockProducts.id, id)).limit(1);
  if (!p) throw fail('block.not_found');
  return toProduct(ctx, p, await pendingOf(ctx.db, id));
}

export async function listProducts(
  ctx: AppContext,
  q: { pageNum: number; pageSize: number; gid?: string; window?: BlockWindow; shown?: boolean; locked?: boolean },
) {
  const now = nowOf(ctx);
  const w: SQL[] = [];
  if (q.gid) w.push(sql`(${blockProducts.gid} = ${q.gid} OR ${blockProducts.code} = ${q.gid})`);
  if (q.shown !== undefined) w.push(eq(blockProducts.shown, q.shown));
  if (q.locked !== undefined) w.push(eq(blockProducts.locked, q.locked));
  if (q.window === 'upcoming') w.push(sql`${blockProducts.startsAt} > ${now.toISOString()}::timestamptz`);
  if (q.window === 'open')
    w.push(
      sql`${blockProducts.startsAt} <= ${now.toISOString()}::timestamptz AND ${blockProducts.endsAt} > ${now.toISOString()}::timestamptz`,
    );
  if (q.window === 'closed') w.push(sql`${blockProducts.endsAt} <= ${now.toISOString()}::timestamptz`);
  const where = w.length ? and(...w) : undefined;
  // qualified by hand: drizzle writes a lone column of the only table unqualified, and inside the subquery "id" was r.id
  const pending = sql<number>`(SELECT count(*)::int FROM block_requests r WHERE r.product_id = block_products.id AND r.status = 'pending')`;
  const [list, [total]] = await Promise.all([
    onePage(
      ctx.db
        .select({ p: blockProducts, pending })
        .from(blockProducts)
        .where(where)
        .orderBy(sql`${blockProducts.endsAt} DESC, ${blockProducts.id} DESC`)
        .$dynamic(),
      q,
    ),
    ctx.db.select({ n: count() }).from(blockProducts).where(where),
  ]);
  return {
    list: list.map((r) => toProduct(ctx, r.p, Number(r.pending))),
    total: Number(total?.n ?? 0),
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

async function stockOf(db: Db, gid: string) {
  const [s] = await db.select().from(stocks).where(eq(stocks.gid, gid)).limit(1);
  if (!s) throw fail('trade.stock_not_found');
  return s;
}

/** The columns a product's form sets (the stock as listed now, pricing, quantities, window). */
function columnsOf(s: typeof stocks.$inferSelect, input: ProductInput) {
  return {
    stockId: s.id,
    gid: s.gid,
    code: s.code,
    stockName: s.name,
    priceMode: input.priceMode,
    discount: input.priceMode === 'discount' ? input.discount! : null,
    fixedPrice: input.priceMode === 'fixed' ? input.fixedPrice! : null,
    minShares: input.minShares,
    maxShares: input.maxShares,
    totalShares: input.totalShares,
    startsAt: new Date(input.startsAt),
    endsAt: new Date(input.endsAt),
  };
}

export async function addProduct(ctx: AppContext, input: ProductInput & { tradeKey: string }): Promise<BlockProductItem> {
  const s = await stockOf(ctx.db, input.gid);
  const keyHash = await hashPassword(input.tradeKey);
  const [p] = await ctx.db
    .insert(blockProducts)
    .values({
      ...columnsOf(s, input),
      leftShares: input.totalShares,
      keyHash,
      shown: input.shown ?? true,
    })
    .returning();
  return toProduct(ctx, p!, 0);
}

/** Edits a product; what was sold stays sold (the quantity left is the new total less it). */
export async function updateProduct(
  ctx: AppContext,
  input: ProductInput & { id: number },
): Promise<{ before: ProductRow; after: BlockProductItem }> {
  const s = await stockOf(ctx.db, input.gid);
  const keyHash = input.tradeKey ? await hashPassword(input.tradeKey) : undefined;
  const { before, after } = await ctx.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [p] = await tx.select().from(blockProducts).where(eq(blockProducts.id, input.id)).for('update');
    if (!p) throw fail('block.not_found');
    const sold = p.totalShares - p.leftShares;
    if (input.totalShares < sold) throw fail('block.total_below_sold', { sold });
    const [row] = await tx
      .update(blockProducts)
      .set({
        ...columnsOf(s, input),
        leftShares: input.totalShares - sold,
        ...(keyHash ? { keyHash } : {}),
        ...(input.shown !== undefined ? { shown: input.shown } : {}),
        updatedAt: new Date(),
      })
      .where(eq(blockProducts.id, p.id))
      .returning();
    return { before: p, after: row! };
  });
  return { before, after: toProduct(ctx, after, await pendingOf(ctx.db, after.id)) };
}

/** Deletes a product nobody requested; one with requests can be hidden or locked instead. */
export async function deleteProduct(ctx: AppContext, id: number): Promise<ProductRow> {
  return ctx.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const [p] = await tx.select().from(blockProducts).where(eq(blockProducts.id, id)).for('update');
    if (!p) throw fail('block.not_found');
    const pending = await pendingOf(tx, id);
    if (pending > 0) throw fail('block.has_pending', { n: pending });
    const [any] = await tx.select({ n: count() }).from(blockRequests).where(eq(blockRequests.productId, id));
    if (Number(any?.n ?? 0) > 0) throw fail('block.has_requests');
    await tx.delete(blockProducts).where(eq(blockProducts.id, id));
    return p;
  });
}

export async function setProductFlags(
  ctx: AppContext,
  id: number,
  set: { shown?: boolean; locked?: boolean; lockReason?: string | null },
): Promise<BlockProductItem> {
  const [p] = await ctx.db
    .update(blockProducts)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(blockProducts.id, id))
    .returning();
  if (!p) throw fail('block.not_found');
  return toProduct(ctx, p, await pendingOf(ctx.db, id));
}
