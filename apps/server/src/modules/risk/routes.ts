import type { FastifyInstance } from 'fastify';
import { riskApi } from '@stock-admin/contracts';
import type { AppContext } from '../../app/context.js';
import { guardedRoute, route } from '../../http/route.js';
import { riskGuards } from './approval-guards.js';
import { getDoc } from './settings.js';
import * as spread from './spread.js';

/** Risk settings (spec §2 /risksetting): three versioned documents and the spread rules. */
export function riskRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, riskApi.stockGet, () => getDoc(ctx.db, 'stock'));
  route(app, ctx, riskApi.productGet, () => getDoc(ctx.db, 'product'));
  route(app, ctx, riskApi.indexGet, () => getDoc(ctx.db, 'index'));
  guardedRoute(app, ctx, riskGuards.stockUpdate);
  guardedRoute(app, ctx, riskGuards.productUpdate);
  guardedRoute(app, ctx, riskGuards.indexUpdate);
  route(app, ctx, riskApi.spreadList, ({ input }) => spread.listSpreadRules(ctx.db, input));
  guardedRoute(app, ctx, riskGuards.spreadAdd);
  guardedRoute(app, ctx, riskGuards.spreadUpdate);
  guardedRoute(app, ctx, riskGuards.spreadDelete);
}
