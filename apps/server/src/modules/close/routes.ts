import type { FastifyInstance } from 'fastify';
import { closeApi } from '@stock-admin/contracts';
import type { AppContext, Principal } from '../../app/context.js';
import { fail } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { isAgentStaff } from '../_kit/scope.js';
import { closeThrough, listDays, statementOf } from './service.js';

/** The platform's books are the platform staff's: an agent's staff hold their agent statements instead. */
const platformOnly = (admin: Principal) => {
  if (isAgentStaff(admin)) throw fail('close.platform_only');
};

export function closeRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, closeApi.list, ({ admin, input }) => {
    platformOnly(admin);
    return listDays(ctx, input);
  });
  route(app, ctx, closeApi.detail, ({ admin, input }) => {
    platformOnly(admin);
    return statementOf(ctx, input.day);
  });
  route(app, ctx, closeApi.run, async ({ admin, input, audit, message }) => {
    platformOnly(admin);
    const s = await closeThrough(ctx, input.day, admin.username);
    audit({ targetId: input.day, after: { balanced: s.checks.balanced, closedAt: s.closedAt } });
    message('close.closed');
    return s;
  });
}
