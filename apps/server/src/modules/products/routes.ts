import type { FastifyInstance } from 'fastify';
import { productsApi, type Action } from '@stock-admin/contracts';
import type { AppContext, Principal } from '../../app/context.js';
import { sendCsv, stamp } from '../../http/csv.js';
import { fail, forbidden } from '../../http/errors.js';
import { t } from '../../app/i18n.js';
import { route } from '../../http/route.js';
import { importStocks } from './import.js';
import { dropListedStocks } from './listed.js';
import * as indices from './indices.js';
import * as stocks from './stocks.js';

/** Products never change at an agent's hand; a switch needs `disable` to turn off and `enable` to turn on. */
function mayChange(admin: Principal, permission: 'shares' | 'index', action?: Action): void {
  if (admin.agentId != null) throw fail('products.agent_readonly');
  if (action && !admin.isSuper && !admin.permissions.get(permission)?.includes(action)) throw forbidden(permission, action);
}

const STOCK_CSV = ['code', 'name', 'market', 'board', 'pinyin', 'spreadRate', 'shown', 'locked', 'last', 'changePct'] as const;

/** Stock and index products (spec §2 /product) and the market strip (§7 getMarket.do). */
export function productsRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, productsApi.stockList, ({ input }) => stocks.listStocks(ctx.db, input));
  route(app, ctx, productsApi.stockAdd, async ({ input, admin, audit, message }) => {
    mayChange(admin, 'shares');
    const item = await stocks.addStock(ctx.db, input);
    dropListedStocks(ctx);
    ctx.market?.symbolsChanged();
    audit({ targetId: item.gid, after: { gid: item.gid, name: item.name, board: item.board, spreadRate: item.spreadRate } });
    message('stock.added');
    return item;
  });
  route(app, ctx, productsApi.stockUpdate, async ({ input, admin, audit, message }) => {
    mayChange(admin, 'shares');
    const { item, before, after } = await stocks.updateStock(ctx.db, input);
    dropListedStocks(ctx);
    ctx.market?.symbolsChanged();
    audit({ targetId: item.gid, before, after });
    message('stock.updated');
    return item;
  });
  route(app, ctx, productsApi.stockLock, async ({ input, admin, audit, message }) => {
    mayChange(admin, 'shares', input.locked ? 'disable' : 'enable');
    const { item, changed } = await stocks.setStockFlag(ctx.db, input.id, 'locked', input.locked, input.reason);
    if (changed) dropListedStocks(ctx);
    audit({
      targetId: item.gid,
      before: changed ? { locked: !input.locked } : undefined,
      after: { locked: input.locked, reason: input.reason ?? null },
    });
    message(input.locked ? 'stock.locked' : 'stock.unlocked');
    return item;
  });
  route(app, ctx, productsApi.stockShow, async ({ input, admin, audit, message }) => {
    mayChange(admin, 'shares', input.shown ? 'enable' : 'disable');
    const { item, changed } = await stocks.setStockFlag(ctx.db, input.id, 'shown', input.shown, undefined);
    if (changed) dropListedStocks(ctx);
    audit({
      targetId: item.gid,
      before: changed ? { shown: !input.shown } : undefined,
      after: { shown: input.shown, reason: input.reason ?? null },
    });
    message(input.shown ? 'stock.shown' : 'stock.hidden');
    return item;
  });
  route(app, ctx, productsApi.stockDelete, async ({ input, admin, audit, message }) => {
    mayChange(admin, 'shares');
    const before = await stocks.deleteStock(ctx.db, input.id);
    dropListedStocks(ctx);
    ctx.market?.symbolsChanged();
    audit({ targetId: before.gid, before: { gid: before.gid, name: before.name } });
    message('stock.deleted');
    return null;
  });
  route(app, ctx, productsApi.stockImport, async ({ input, admin, lang, audit, message }) => {
    mayChange(admin, 'shares');
    const report = await importStocks(ctx.db, input.file.data, lang);
    if (report.applied) {
      dropListedStocks(ctx);
      ctx.market?.symbolsChanged();
    }
    audit({
      after: { file: input.file.filename, applied: report.applied, added: report.added, updated: report.updated, failed: report.failed },
    });
    if (!report.applied) throw fail('stock.import_refused', { failed: report.failed }, report);
    message('stock.imported', { added: report.added, updated: report.updated });
    return report;
  });
  route(app, ctx, productsApi.stockExport, async ({ input, admin, lang, reply }) => {
    const yes = t(lang, 'csv.yes');
    const no = t(lang, 'csv.no');
    const batches = (async function* () {
      for await (const page of stocks.iterateStocks(ctx.db, input)) {
        yield page.map((s) => [
          s.code,
          s.name,
          s.market,
          s.board,
          s.pinyin,
          s.spreadRate,
          s.shown ? yes : no,
          s.locked ? yes : no,
          s.last,
          s.changePct,
        ]);
      }
    })();
    await sendCsv(
      reply,
      {
        filename: `stocks-${stamp()}.csv`,
        header: STOCK_CSV.map((c) => t(lang, `csv.stock.${c}`)),
        audit: { db: ctx.db, admin, module: 'products', filters: input },
      },
      batches,
    );
    return null;
  });

  route(app, ctx, productsApi.indexList, ({ input }) => indices.listIndices(ctx.db, input));
  route(app, ctx, productsApi.indexAdd, async ({ input, admin, audit, message }) => {
    mayChange(admin, 'index');
    const item = await indices.addIndex(ctx.db, input);
    ctx.market?.symbolsChanged();
    audit({ targetId: item.gid, after: item });
    message('index.added');
    return item;
  });
  route(app, ctx, productsApi.indexUpdate, async ({ input, admin, audit, message }) => {
    mayChange(admin, 'index');
    const { item, before } = await indices.updateIndex(ctx.db, input);
    audit({ targetId: item.gid, before, after: input });
    message('index.updated');
    return item;
  });
  route(app, ctx, productsApi.indexShow, async ({ input, admin, audit, message }) => {
    mayChange(admin, 'index', input.shown ? 'enable' : 'disable');
    const item = await indices.setIndexFlag(ctx.db, input.id, input.place === 'home' ? 'homeShown' : 'listShown', input.shown);
    audit({ targetId: item.gid, after: { place: input.place, shown: input.shown } });
    message('index.updated');
    return item;
  });
  route(app, ctx, productsApi.indexTrans, async ({ input, admin, audit, message }) => {
    mayChange(admin, 'index', input.tradable ? 'enable' : 'disable');
    const item = await indices.setIndexFlag(ctx.db, input.id, 'tradable', input.tradable);
    audit({ targetId: item.gid, after: { tradable: input.tradable } });
    message('index.updated');
    return item;
  });
  route(app, ctx, productsApi.market, async () =>
    (await indices.homeIndices(ctx.db)).map((i) => ({
      code: i.code,
      name: i.name,
      gid: i.gid,
      last: i.last,
      prevClose: i.prevClose,
      change: i.change,
      changePct: i.changePct,
      turnover: i.turnover,
      stale: i.stale,
    })),
  );
}
