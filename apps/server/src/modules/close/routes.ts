import type { FastifyInstance } from 'fastify';
import { agentStatementApi, closeApi, reconcileApi } from '@stock-admin/contracts';
import type { AppContext } from '../../app/context.js';
import { guardedRoute, route } from '../../http/route.js';
import { closeGuards } from './approval-guards.js';
import { platformOnly } from './access.js';
import { closeThrough, listDays, statementOf } from './service.js';
import { agentStatementList, agentStatementOf } from './agent-statement.js';
import { resolveItem, uploadStatement } from './reconcile.js';
import { reconCsvHeader, reconDetail, reconExportRows, reconList } from './reconcile-read.js';
import { sendCsv } from '../../http/csv.js';

/** The platform's books are the platform staff's: an agent's staff hold their agent statements instead. */
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
  // an agent's staff read their subtree's statements (the queries scope themselves)
  route(app, ctx, agentStatementApi.list, ({ admin, input }) => agentStatementList(ctx, admin, input));
  route(app, ctx, agentStatementApi.detail, ({ admin, input }) => agentStatementOf(ctx, admin, input));
  route(app, ctx, reconcileApi.list, ({ admin, input }) => {
    platformOnly(admin);
    return reconList(ctx.db, input);
  });
  route(app, ctx, reconcileApi.detail, ({ admin, input }) => {
    platformOnly(admin);
    return reconDetail(ctx.db, input.channelId, input.day);
  });
  route(app, ctx, reconcileApi.upload, async ({ admin, input, audit, message }) => {
    platformOnly(admin);
    const d = await uploadStatement(ctx, admin.username, input);
    audit({ targetId: `${input.channelId}:${input.day}`, after: { file: d.fileName, lines: d.lines, open: d.open, status: d.status } });
    message('recon.uploaded');
    return d;
  });
  route(app, ctx, reconcileApi.resolve, async ({ admin, input, audit, message }) => {
    platformOnly(admin);
    const d = await resolveItem(ctx, admin.username, input.id, input.note);
    audit({ targetId: input.id, after: { note: input.note, status: d.status } });
    message('recon.resolved');
    return d;
  });
  // dual control (`recon.reopen`): held for a second administrator, this runs on approval as the maker
  guardedRoute(app, ctx, closeGuards.reopen);
  route(app, ctx, reconcileApi.export, async ({ admin, input, reply, lang }) => {
    platformOnly(admin);
    await sendCsv(
      reply,
      {
        filename: `reconcile-${input.channelId}-${input.day}.csv`,
        header: reconCsvHeader(lang),
        audit: { db: ctx.db, admin, module: 'reconcile', filters: input },
      },
      reconExportRows(ctx.db, input.channelId, input.day, lang),
    );
    return null;
  });
}
