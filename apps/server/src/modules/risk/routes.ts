import type { FastifyInstance } from 'fastify';
import { riskApi } from '@stock-admin/contracts';
import type { AppContext } from '../../app/context.js';
import type { Principal } from '../../app/context.js';
import { fail } from '../../http/errors.js';
import { route } from '../../http/route.js';
import { getDoc, saveDoc, dropRiskCache } from './settings.js';
import * as spread from './spread.js';

/** The rules are the platform's: agent staff read them but never change them, whatever their role grants. */
function mayChange(admin: Principal): void {
  if (admin.agentId != null) throw fail('risk.agent_readonly');
}

/** Risk settings (spec §2 /risksetting): three versioned documents and the spread rules. */
export function riskRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, riskApi.stockGet, () => getDoc(ctx.db, 'stock'));
  route(app, ctx, riskApi.productGet, () => getDoc(ctx.db, 'product'));
  route(app, ctx, riskApi.indexGet, () => getDoc(ctx.db, 'index'));
  route(app, ctx, riskApi.stockUpdate, async ({ input, admin, audit, message }) => {
    mayChange(admin);
    const { before, after, saved } = await saveDoc(ctx, 'stock', input, admin.adminId);
    audit({ targetId: 'stock', before, after });
    message('risk.saved');
    return saved;
  });
  route(app, ctx, riskApi.productUpdate, async ({ input, admin, audit, message }) => {
    mayChange(admin);
    const { before, after, saved } = await saveDoc(ctx, 'product', input, admin.adminId);
    audit({ targetId: 'product', before, after });
    message('risk.saved');
    return saved;
  });
  route(app, ctx, riskApi.indexUpdate, async ({ input, admin, audit, message }) => {
    mayChange(admin);
    const { before, after, saved } = await saveDoc(ctx, 'index', input, admin.adminId);
    audit({ targetId: 'index', before, after });
    message('risk.saved');
    return saved;
  });
  route(app, ctx, riskApi.spreadList, ({ input }) => spread.listSpreadRules(ctx.db, input));
  route(app, ctx, riskApi.spreadAdd, async ({ input, admin, audit, message }) => {
    mayChange(admin);
    const item = await spread.addSpreadRule(ctx.db, input);
    dropRiskCache(ctx);
    audit({ targetId: item.id, after: item });
    message('spread.added');
    return item;
  });
  route(app, ctx, riskApi.spreadUpdate, async ({ input, admin, audit, message }) => {
    mayChange(admin);
    const { before, item } = await spread.updateSpreadRule(ctx.db, input.id, input);
    dropRiskCache(ctx);
    audit({ targetId: item.id, before, after: item });
    message('spread.updated');
    return item;
  });
  route(app, ctx, riskApi.spreadDelete, async ({ input, admin, audit, message }) => {
    mayChange(admin);
    const before = await spread.deleteSpreadRule(ctx.db, input.id);
    dropRiskCache(ctx);
    audit({ targetId: before.id, before });
    message('spread.deleted');
    return null;
  });
}
