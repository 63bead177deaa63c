import type { FastifyInstance } from 'fastify';
import { approvalsApi } from '@stock-admin/contracts';
import type { AppContext } from '../../app/context.js';
import { route } from '../../http/route.js';
import { cancelRequest, decide, listRequests, pendingFor, requestDetail } from './requests.js';
import { updateRule } from './rule-change.js';
import { listRules } from './rules.js';

export function approvalsRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, approvalsApi.list, ({ admin, lang, input }) => listRequests(ctx, admin, lang, input));
  route(app, ctx, approvalsApi.detail, ({ admin, lang, input }) => requestDetail(ctx, admin, lang, input.id));
  route(app, ctx, approvalsApi.pendingCount, async ({ admin }) => ({ count: await pendingFor(ctx, admin) }));
  route(app, ctx, approvalsApi.decide, async ({ admin, lang, input, req, reply, audit, message }) => {
    const r = await decide(ctx, admin, lang, input, { req, reply });
    audit({
      targetId: input.id,
      after: { status: r.item.status, operation: r.item.operation, path: r.item.path, summary: r.item.summary },
    });
    message(r.message);
    return r.item;
  });
  route(app, ctx, approvalsApi.cancel, async ({ admin, lang, input, audit, message }) => {
    const item = await cancelRequest(ctx, admin, lang, input.id);
    audit({ targetId: input.id, after: { status: item.status } });
    message('approval_cancelled');
    return item;
  });
  route(app, ctx, approvalsApi.ruleList, () => listRules(ctx.db));
  route(app, ctx, approvalsApi.ruleUpdate, async ({ admin, lang, input, audit, message }) => {
    const r = await updateRule(ctx, admin, lang, input);
    audit({ targetId: input.operation, after: 'held' in r ? { approval: r.held } : r.rule });
    if ('held' in r) {
      message('approval_held');
      return { approval: r.held };
    }
    message('approval_rule_saved');
    return r.rule;
  });
}
