import type { FastifyInstance } from 'fastify';
import { agentsApi } from '@stock-admin/contracts';
import type { AppContext } from '../../app/context.js';
import { guardedRoute, route } from '../../http/route.js';
import { agentsGuards } from './approval-guards.js';
import * as svc from './service.js';

export function agentsRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, agentsApi.list, ({ input, admin }) => svc.listAgents(ctx.db, admin, input));

  route(app, ctx, agentsApi.add, async ({ input, admin, audit, message }) => {
    const a = await svc.addAgent(ctx, admin, input);
    audit({
      targetId: a.id,
      after: {
        name: a.name,
        phone: a.phone,
        parentId: a.parentId,
        inviteCode: a.inviteCode,
        feeRate: a.feeRate,
        deferralRate: a.deferralRate,
        profitRate: a.profitRate,
      },
    });
    message('agent_added');
    return a;
  });

  route(app, ctx, agentsApi.update, async ({ input, admin, audit, message }) => {
    const { before, after } = await svc.updateAgent(ctx, admin, input);
    const b: Record<string, unknown> = {};
    const a: Record<string, unknown> = {};
    for (const k of [
      'name',
      'realName',
      'phone',
      'parentId',
      'level',
      'feeRate',
      'deferralRate',
      'profitRate',
      'locked',
      'remark',
    ] as const) {
      if (JSON.stringify(before[k]) !== JSON.stringify(after[k])) {
        b[k] = before[k];
        a[k] = after[k];
      }
    }
    if (input.password) a.pwdReset = true;
    audit({ targetId: input.id, before: b, after: a });
    message('agent_updated');
    return after;
  });

  route(app, ctx, agentsApi.delAgent, async ({ input, admin, audit, message }) => {
    const before = await svc.deleteAgent(ctx, admin, input.id);
    audit({ targetId: input.id, before: { name: before.name, phone: before.phone, parentId: before.parentId } });
    message('agent_deleted');
    return null;
  });

  guardedRoute(app, ctx, agentsGuards.updateAgentAmt);
}
