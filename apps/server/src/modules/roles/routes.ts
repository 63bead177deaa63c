import type { FastifyInstance } from 'fastify';
import { rolesApi } from '@stock-admin/contracts';
import type { AppContext } from '../../app/context.js';
import { route } from '../../http/route.js';
import * as roles from './service.js';

export function rolesRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, rolesApi.list, ({ input, lang }) => roles.listRoles(ctx, lang, input));
  route(app, ctx, rolesApi.permissions, async ({ lang }) => roles.catalogue(lang));
  route(app, ctx, rolesApi.add, ({ admin, input, lang, audit }) => roles.addRole(ctx, admin, lang, input, audit));
  route(app, ctx, rolesApi.update, ({ admin, input, lang, audit }) => roles.updateRole(ctx, admin, lang, input, audit));
  route(app, ctx, rolesApi.del, ({ input, audit }) => roles.deleteRole(ctx, input.id, audit));
}
