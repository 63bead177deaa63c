import type { FastifyInstance } from 'fastify';
import { corpactionsApi } from '@stock-admin/contracts/corpactions';
import type { AppContext } from '../../app/context.js';
import { guardedRoute, route } from '../../http/route.js';
import { corpactionsGuards } from './approval-guards.js';
import { checkImport } from './import.js';
import { listActions, listAdjustments, listRuns } from './reads.js';
import { assertPlatformStaff } from './service.js';

export function corpactionsRoutes(app: FastifyInstance, ctx: AppContext): void {
  // the announcements are public; what they moved is scoped to agent staff's subtree
  route(app, ctx, corpactionsApi.list, ({ admin, input }) => listActions(ctx.db, admin, input));
  route(app, ctx, corpactionsApi.runs, ({ admin, input }) => listRuns(ctx.db, admin, input));
  route(app, ctx, corpactionsApi.adjustments, ({ admin, input }) => listAdjustments(ctx.db, admin, input));
  // dual control (`corporate.action`): held for a second administrator, these run on approval as the maker
  guardedRoute(app, ctx, corpactionsGuards.add);
  route(app, ctx, corpactionsApi.importCheck, async ({ admin, input, lang }) => {
    assertPlatformStaff(admin);
    return checkImport(ctx, input.file, lang);
  });
  guardedRoute(app, ctx, corpactionsGuards.addBatch);
  guardedRoute(app, ctx, corpactionsGuards.cancel);
  guardedRoute(app, ctx, corpactionsGuards.run);
}
