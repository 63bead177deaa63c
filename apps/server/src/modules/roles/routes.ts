import type { FastifyInstance } from 'fastify';
import { rolesApi } from '@stock-admin/contracts';
import type { AppContext } from '../../app/context.js';
import { guardedRoute, route } from '../../http/route.js';
import { rolesGuards } from './approval-guards.js';
import * as roles from './service.js';

export function rolesRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, rolesApi.list, ({ input, lang }) => roles.listRoles(ctx, lang, input));
  route(app, ctx, rolesApi.permissions, async ({ lang }) => roles.catalogue(lang));
  guardedRoute(app, ctx, rolesGuards.add);
  guardedRoute(app, ctx, rolesGuards.update);
  guardedRoute(app, ctx, rolesGuards.del);
}
