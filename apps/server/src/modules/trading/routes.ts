import type { FastifyInstance } from 'fastify';
import { tradingApi } from '@stock-admin/contracts';
import type { AppContext } from '../../app/context.js';
import { fail } from '../../http/errors.js';
import { sendCsv, stamp } from '../../http/csv.js';
import { t } from '../../app/i18n.js';
import { guardedRoute, appRoute, route } from '../../http/route.js';
import { tradingGuards } from './approval-guards.js';
import { limitsFor, listedTradableStock } from './rules.js';
import * as lists from './lists.js';
import { cachedPositionList } from './listCache.js';
import { placeBuy } from './buy.js';
import * as book from './orders.js';
import * as pos from './positions.js';
import { riskWarnings, withLineRatios } from './warnings.js';
import { iterateOrders, iteratePositions, ORDER_COLUMNS, orderCells, POSITION_COLUMNS, positionCells } from './export.js';
import { listDb } from '../../db/named.js';

/** Trading (spec §2 /position): the platform user's orders and positions, and the operators' queues and lists. */
export function tradingRoutes(app: FastifyInstance, ctx: AppContext): void {
  appRoute(app, ctx, tradingApi.appQuote, async ({ input }) => {
    const s = await listedTradableStock(ctx, input.gid).catch((err: { key?: string }) => {
      if (err.key === 'trade.stock_locked') return null;
      throw err;
    });
    if (!s) throw fail('trade.stock_locked');
    const q = ctx.market?.quote(s.gid) ?? null;
    const lim = q ? limitsFor(s, q) : null;
    return {
      gid: s.gid,
      code: s.code,
      name: s.name,
      board: s.board,
      st: s.st,
      locked: false,
      quote: q,
      limitUp: lim?.up.toFixed(2) ?? null,
      limitDown: lim?.down.toFixed(2) ?? null,
    };
  });
  appRoute(app, ctx, tradingApi.appBuy, async ({ user, input, message }) => {
    const o = await placeBuy(ctx, user.userId, input);
    message('trade.buy_placed');
    return o;
  });
  appRoute(app, ctx, tradingApi.appCancel, async ({ user, input, message }) => {
    const o = await book.cancelBuy(ctx, user.userId, input.id);
    message('trade.cancelled');
    return lists.orderById(ctx.db, o.id);
  });
  appRoute(app, ctx, tradingApi.appSell, async ({ user, input, message }) => {
    const o = await pos.requestSell(ctx, user.userId, input.id);
    message('trade.sell_placed');
    return lists.orderById(ctx.db, o.id);
  });
  appRoute(app, ctx, tradingApi.appOrders, ({ user, input }) =>
    lists.listOrders(listDb(ctx.db), null, { ...input, status: input.status }, user.userId),
  );
  appRoute(app, ctx, tradingApi.appPositions, async ({ user, input }) => {
    const { list, total, pageNum, pageSize } = await lists.listPositions(
      listDb(ctx.db),
      null,
      { ...input, status: input.status },
      { own: user.userId },
    );
    return { list, total, pageNum, pageSize };
  });

  route(app, ctx, tradingApi.buyList, ({ input, admin }) => lists.listOrders(ctx.db, admin, { ...input, kind: 'buy' }));
  route(app, ctx, tradingApi.sellList, ({ input, admin }) => lists.listOrders(ctx.db, admin, { ...input, kind: 'sell' }));
  route(app, ctx, tradingApi.orderList, ({ input, admin }) => lists.listOrders(ctx.db, admin, input));
  route(app, ctx, tradingApi.orderDetail, ({ input, admin }) => lists.orderDetail(ctx.db, admin, input.id));
  route(app, ctx, tradingApi.review, async ({ input, admin, audit, message }) => {
    const o = await book.reviewOrder(ctx, admin, input.id, input);
    audit({
      targetId: o.orderNo,
      before: { status: 'pending' },
      after: { status: input.approve ? 'approved' : 'rejected', fillPrice: input.fillPrice ?? null, reason: input.reason ?? null },
    });
    message(input.approve ? 'trade.approved' : 'trade.rejected');
    return lists.orderById(ctx.db, o.id);
  });
  route(app, ctx, tradingApi.batchReview, async ({ input, admin, lang, audit, message }) => {
    const r = await book.batchReviewOrders(ctx, admin, input.ids, input, lang);
    audit({
      after: { approve: input.approve, reason: input.reason ?? null, ok: r.results.filter((x) => x.ok).map((x) => x.id), failed: r.failed },
    });
    message('trade.batch_done', { ok: r.ok, failed: r.failed });
    return r;
  });
  route(app, ctx, tradingApi.positions, ({ input, admin }) =>
    cachedPositionList(ctx, admin, 'positions', input, async () => withLineRatios(ctx, await lists.listPositions(ctx.db, admin, input))),
  );
  route(app, ctx, tradingApi.warnings, ({ admin }) => riskWarnings(ctx, admin));
  route(app, ctx, tradingApi.createdList, ({ input, admin }) =>
    cachedPositionList(ctx, admin, 'created', input, async () =>
      withLineRatios(ctx, await lists.listPositions(ctx.db, admin, input, { source: 'admin' })),
    ),
  );
  route(app, ctx, tradingApi.forceClose, async ({ input, admin, audit, message }) => {
    const p = await pos.forceClose(ctx, admin, input.id, input.reason);
    audit({
      targetId: p.positionNo,
      before: { status: 'open' },
      after: { status: 'closed', sellPrice: p.sellPrice, pnl: p.pnl, reason: input.reason },
    });
    message('trade.closed');
    return lists.positionById(ctx.db, p.id);
  });
  route(app, ctx, tradingApi.lock, async ({ input, admin, audit, message }) => {
    const p = await pos.lockPosition(ctx, admin, input.id, input.locked, input.reason);
    audit({ targetId: p.positionNo, after: { locked: input.locked, reason: input.reason ?? null } });
    message(input.locked ? 'trade.locked' : 'trade.unlocked');
    return lists.positionById(ctx.db, p.id);
  });
  guardedRoute(app, ctx, tradingGuards.create);
  route(app, ctx, tradingApi.orderExport, async ({ input, admin, lang, reply }) => {
    const it = iterateOrders(ctx.db, admin, input);
    const file = input.kind ? `${input.kind}-orders` : 'orders';
    await sendCsv(
      reply,
      {
        filename: `${file}-${stamp()}.csv`,
        header: ORDER_COLUMNS.map((c) => t(lang, `csv.trade.${c}`)),
        audit: { db: ctx.db, admin, module: 'trading', filters: input },
      },
      (async function* () {
        for await (const page of it) yield page.map((o) => orderCells(lang, o));
      })(),
    );
    return null;
  });
  route(app, ctx, tradingApi.positionExport, async ({ input, admin, lang, reply }) => {
    const it = iteratePositions(ctx.db, admin, input);
    await sendCsv(
      reply,
      {
        filename: `${input.source === 'admin' ? 'created-positions' : 'positions'}-${stamp()}.csv`,
        header: POSITION_COLUMNS.map((c) => t(lang, `csv.trade.${c}`)),
        audit: { db: ctx.db, admin, module: 'trading', filters: input },
      },
      (async function* () {
        for await (const page of it) yield page.map((p) => positionCells(lang, p));
      })(),
    );
    return null;
  });
}
