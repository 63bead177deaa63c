import type { FastifyInstance } from 'fastify';
import { newsharesApi, stockBoardOf, type IssueInput, type IssueKind } from '@stock-admin/contracts';
import { newshareSubscriptions } from './tables.js';
import type { AppContext } from '../../app/context.js';
import { fail } from '../../http/errors.js';
import { guardedRoute, appRoute, route } from '../../http/route.js';
import { newsharesGuards } from './approval-guards.js';
import { userInScope, userScope } from '../_kit/scope.js';
import { riskRules } from '../risk/index.js';
import * as lists from './lists.js';
import { batchConvert, deleteSubscription, scopedIds } from './records.js';
import * as svc from './service.js';
import { listDb } from '../../db/named.js';

const boardOf = (kind: IssueKind, v: IssueInput): string => {
  if (kind === 'bond') return 'bond';
  const b = stockBoardOf(v.market, v.code);
  return 'board' in b ? b.board : 'main';
};

/** New shares and new bonds (spec §2 /newshares): issues, subscription records, and the platform user API. */
export function newsharesRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const [kind, api] of [
    ['share', newsharesApi.shares],
    ['bond', newsharesApi.bonds],
  ] as const) {
    route(app, ctx, api.list, ({ input }) => lists.listIssues(ctx.db, kind, input));
    route(app, ctx, api.add, async ({ input }) => {
      const i = await svc.createIssue(ctx.db, kind, input, boardOf(kind, input));
      return lists.issueById(ctx.db, i.id);
    });
    route(app, ctx, api.update, async ({ input }) => {
      await lists.issueById(ctx.db, input.id, kind);
      await svc.updateIssue(ctx.db, input.id, input, boardOf(kind, input));
      return lists.issueById(ctx.db, input.id);
    });
    route(app, ctx, api.delete, async ({ input }) => {
      await lists.issueById(ctx.db, input.id, kind);
      await svc.deleteIssue(ctx.db, input.id);
      return null;
    });
    route(app, ctx, api.updateShow, async ({ input }) => {
      await svc.setIssueFlag(ctx.db, input.id, { shown: input.shown });
      return lists.issueById(ctx.db, input.id, kind);
    });
    route(app, ctx, api.updateLock, async ({ input }) => {
      await svc.setIssueFlag(ctx.db, input.id, { locked: input.locked });
      return lists.issueById(ctx.db, input.id, kind);
    });
  }

  route(app, ctx, newsharesApi.records, ({ input, admin }) => lists.listSubscriptions(ctx.db, admin, input));
  // every transition first checks the record is in the caller's scope (agent staff: their subtree)
  guardedRoute(app, ctx, newsharesGuards.allot);
  route(app, ctx, newsharesApi.notAllot, async ({ input, admin, message }) => {
    await lists.subscriptionById(ctx.db, input.id, admin);
    await svc.allot(ctx.db, input.id, 0, admin.adminId);
    message('newshare.not_allotted');
    return lists.subscriptionById(ctx.db, input.id);
  });
  route(app, ctx, newsharesApi.pay, async ({ input, admin, message }) => {
    await lists.subscriptionById(ctx.db, input.id, admin);
    await svc.pay(ctx.db, input.id, admin.adminId);
    message('newshare.paid');
    return lists.subscriptionById(ctx.db, input.id);
  });
  route(app, ctx, newsharesApi.convert, async ({ input, admin, message }) => {
    await lists.subscriptionById(ctx.db, input.id, admin);
    await svc.convert(ctx.db, input.id, admin.adminId);
    message('newshare.converted');
    return lists.subscriptionById(ctx.db, input.id);
  });
  route(app, ctx, newsharesApi.addRecord, async ({ input, admin }) => {
    if (!(await userInScope(ctx.db, admin, input.userId))) throw fail('newshare.sub_not_found');
    const s = await svc.apply(ctx.db, input.userId, input.issueId, input.quantity, new Date(), admin.adminId);
    return lists.subscriptionById(ctx.db, s.id);
  });

  route(app, ctx, newsharesApi.deleteRecord, async ({ input, admin, audit, message }) => {
    await lists.subscriptionById(ctx.db, input.id, admin);
    const gone = await deleteSubscription(ctx.db, input.id, admin.adminId);
    audit({ targetId: gone.orderNo, before: { orderNo: gone.orderNo, userId: gone.userId, appliedQty: gone.appliedQty } });
    message('newshare.deleted');
    return null;
  });
  guardedRoute(app, ctx, newsharesGuards.batchAllot);
  route(app, ctx, newsharesApi.batchConvert, async ({ input, admin, lang, audit, message }) => {
    const allowed = await scopedIds(ctx.db, input.ids, userScope(admin, newshareSubscriptions.userId));
    const out = await batchConvert(ctx.db, input.ids, admin.adminId, lang, allowed);
    audit({ after: { ids: input.ids.join(','), converted: out.ok } });
    message('newshare.batch_converted', { converted: out.ok, failed: out.failed });
    return out;
  });

  appRoute(app, ctx, newsharesApi.appIssues, async ({ input }) => {
    const { docs } = await riskRules(ctx);
    if (!docs.product.newShareShown) return { list: [], total: 0, pageNum: input.pageNum, pageSize: input.pageSize };
    return lists.listIssues(listDb(ctx.db), input.kind, input, { shownOnly: true });
  });
  appRoute(app, ctx, newsharesApi.appApply, async ({ user, input, message }) => {
    const { docs } = await riskRules(ctx);
    if (docs.product.holidayMode) throw fail('trade.holiday');
    if (!docs.product.newShareShown) throw fail('newshare.issue_closed');
    const s = await svc.apply(ctx.db, user.userId, input.issueId, input.quantity, new Date(), null, { realNameRequired: true });
    message('newshare.applied');
    return lists.subscriptionById(ctx.db, s.id);
  });
  appRoute(app, ctx, newsharesApi.appPay, async ({ user, input, message }) => {
    const s = await lists.subscriptionById(ctx.db, input.id);
    if (s.userId !== user.userId) throw fail('newshare.sub_not_found');
    await svc.pay(ctx.db, input.id, null);
    message('newshare.paid');
    return lists.subscriptionById(ctx.db, input.id);
  });
  appRoute(app, ctx, newsharesApi.appCancel, async ({ user, input, message }) => {
    await svc.cancel(ctx.db, input.id, user.userId);
    message('newshare.cancelled');
    return lists.subscriptionById(ctx.db, input.id);
  });
  appRoute(app, ctx, newsharesApi.appRecords, ({ user, input }) => lists.listSubscriptions(listDb(ctx.db), null, input, user.userId));
}
