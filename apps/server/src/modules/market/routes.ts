import type { FastifyInstance } from 'fastify';
import { marketApi } from '@stock-admin/contracts';
import type { AppContext } from '../../app/context.js';
import { route } from '../../http/route.js';

/** The quote feed's state for the product pages' status line. */
export function marketRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, marketApi.status, async () => app.market.status());
}
