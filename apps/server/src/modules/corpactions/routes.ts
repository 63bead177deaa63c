import type { FastifyInstance } from 'fastify';
import { corpactionsApi } from '@stock-admin/contracts/corpactions';
import type { AppContext } from '../../app/context.js';
import { route } from '../../http/route.js';
import { addBatch, checkImport } from './import.js';
import { listActions, listAdjustments, listRuns } from './reads.js';
import { runDay } from './run.js';
import { addAction, assertPlatformStaff, cancelAction } from './service.js';

export function corpactionsRoutes(app: FastifyInstance, ctx: AppContext): void {
  // the announcements are public; what they moved is scoped to agent staff's subtree
  route(app, ctx, corpactionsApi.list, ({ admin, input }) => listActions(ctx.db, admin, input));
  route(app, ctx, corpactionsApi.runs, ({ admin, input }) => listRuns(ctx.db, admin, input));
  route(app, ctx, corpactionsApi.adjustments, ({ admin, input }) => listAdjustments(ctx.db, admin, input));
  // dual control (`corporate.action`): held for a second administrator, these run on approval as the maker
  route(app, ctx, corpactionsApi.add, async ({ admin, input, audit, message }) => {
    assertPlatformStaff(admin);
    const a = await addAction(ctx, admin.adminId, input);
    audit({ targetId: a.id, after: { code: a.gid, plan: a.plan, recordDate: a.recordDate, exDate: a.exDate } });
    message('corpaction.added');
    return a;
  });
  route(app, ctx, corpactionsApi.importCheck, async ({ admin, input, lang }) => {
    assertPlatformStaff(admin);
    return checkImport(ctx, input.file, lang);
  });
  route(app, ctx, corpactionsApi.addBatch, async ({ admin, input, lang, audit, message }) => {
    assertPlatformStaff(admin);
    const ids = await addBatch(ctx, admin.adminId, input, lang);
    audit({ targetId: input.fileName, after: { ids } });
    message('corpaction.batch_added', { count: ids.length });
    return { added: ids.length };
  });
  route(app, ctx, corpactionsApi.cancel, async ({ admin, input, audit, message }) => {
    assertPlatformStaff(admin);
    const a = await cancelAction(ctx, admin.adminId, input.id, input.reason);
    audit({ targetId: a.id, after: { status: a.status, reason: input.reason } });
    message('corpaction.cancelled');
    return a;
  });
  route(app, ctx, corpactionsApi.run, async ({ admin, input, audit, message }) => {
    assertPlatformStaff(admin);
    const r = await runDay(ctx, input.day, admin.adminId);
    audit({
      targetId: input.day,
      after: { run: r.id, actions: r.actions, positions: r.positions, credited: r.credited, debited: r.debited },
    });
    message('corpaction.ran', { actions: r.actions, positions: r.positions });
    return r;
  });
}
