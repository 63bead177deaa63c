import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { blocktradeApi } from '@stock-admin/contracts';
import { blockProducts } from './tables.js';
import type { AppContext } from '../../app/context.js';
import { appRoute, route } from '../../http/route.js';
import { listRequests, requestById } from './lists.js';
import { addProduct, deleteProduct, listProducts, nowOf, setProductFlags, toProduct, updateProduct, windowOf } from './products.js';
import { batchReviewRequests, cancelRequest, placeRequest, reviewRequest } from './requests.js';
import { listDb } from '../../db/named.js';

/** Block trades (spec §2 /newshares/dazonglist and /position/dzList). */
export function blocktradeRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, blocktradeApi.list, ({ input }) => listProducts(ctx, input));
  route(app, ctx, blocktradeApi.add, async ({ input, audit, message }) => {
    const p = await addProduct(ctx, input);
    const { tradeKey: _key, ...shown } = input;
    audit({ targetId: String(p.id), after: { ...shown, tradeKey: '***' } });
    message('block.added');
    return p;
  });
  route(app, ctx, blocktradeApi.update, async ({ input, audit, message }) => {
    const { before, after } = await updateProduct(ctx, input);
    const { keyHash: _h, ...was } = before;
    const { tradeKey, ...now } = input;
    audit({ targetId: String(after.id), before: was, after: { ...now, ...(tradeKey ? { tradeKey: '***' } : {}) } });
    message('block.updated');
    return after;
  });
  route(app, ctx, blocktradeApi.del, async ({ input, audit, message }) => {
    const p = await deleteProduct(ctx, input.id);
    audit({ targetId: String(p.id), before: { gid: p.gid, totalShares: p.totalShares } });
    message('block.deleted');
    return null;
  });
  route(app, ctx, blocktradeApi.updateShow, async ({ input, audit, message }) => {
    const p = await setProductFlags(ctx, input.id, { shown: input.shown });
    audit({ targetId: String(p.id), after: { shown: input.shown } });
    message(input.shown ? 'block.shown' : 'block.hidden');
    return p;
  });
  route(app, ctx, blocktradeApi.updateLock, async ({ input, audit, message }) => {
    const p = await setProductFlags(ctx, input.id, { locked: input.locked, lockReason: input.locked ? (input.reason ?? null) : null });
    audit({ targetId: String(p.id), after: { locked: input.locked, reason: input.reason ?? null } });
    message(input.locked ? 'block.lock_done' : 'block.unlock_done');
    return p;
  });
  route(app, ctx, blocktradeApi.requests, ({ input, admin }) => listRequests(ctx.db, admin, input));
  route(app, ctx, blocktradeApi.review, async ({ input, admin, audit, message }) => {
    const r = await reviewRequest(ctx, admin, input.id, input);
    audit({
      targetId: r.requestNo,
      before: { status: 'pending' },
      after: { status: r.status, shares: r.approvedShares, price: r.fillPrice, reason: r.reason },
    });
    message(input.approve ? 'block.approved' : 'block.rejected');
    return requestById(ctx.db, r.id);
  });
  route(app, ctx, blocktradeApi.batchReview, async ({ input, admin, lang, audit, message }) => {
    const r = await batchReviewRequests(ctx, admin, input.ids, input, lang);
    audit({
      after: { approve: input.approve, reason: input.reason ?? null, ok: r.results.filter((x) => x.ok).map((x) => x.id), failed: r.failed },
    });
    message('block.batch_done', { ok: r.ok, failed: r.failed });
    return r;
  });

  appRoute(app, ctx, blocktradeApi.appList, async () => {
    const now = nowOf(ctx);
    const rows = await listDb(ctx.db)
      .select()
      .from(blockProducts)
      .where(and(eq(blockProducts.shown, true), eq(blockProducts.locked, false)));
    return rows
      .filter((p) => windowOf(p, now) === 'open')
      .sort((a, b) => a.endsAt.getTime() - b.endsAt.getTime())
      .map((p) => {
        const i = toProduct(ctx, p, 0);
        return {
          id: i.id,
          gid: i.gid,
          code: i.code,
          stockName: i.stockName,
          minShares: i.minShares,
          maxShares: i.maxShares,
          // what can still be asked for: pending requests hold theirs
          leftShares: Math.max(0, i.leftShares - p.reservedShares),
          startsAt: i.startsAt,
          endsAt: i.endsAt,
          last: i.last,
          price: i.price,
        };
      });
  });
  appRoute(app, ctx, blocktradeApi.appBuy, async ({ user, input, message }) => {
    const r = await placeRequest(ctx, user.userId, input);
    message('block.requested');
    return requestById(ctx.db, r.id);
  });
  appRoute(app, ctx, blocktradeApi.appCancel, async ({ user, input, message }) => {
    const r = await cancelRequest(ctx, user.userId, input.id);
    message('block.cancelled');
    return requestById(ctx.db, r.id);
  });
  appRoute(app, ctx, blocktradeApi.appOrders, async ({ user, input }) => {
    const { list, total, pageNum, pageSize } = await listRequests(ctx.db, null, input, user.userId);
    return { list, total, pageNum, pageSize };
  });
}
