import type { FastifyInstance } from 'fastify';
import { agreementsApi } from '@stock-admin/contracts';
import type { AppContext } from '../../app/context.js';
import { appRoute, route } from '../../http/route.js';
import { notify } from '../../realtime/notify.js';
import { saveSiteImage } from '../content/index.js';
import { assertUserInScope } from '../_kit/scope.js';
import { pickUsers } from '../users/index.js';
import * as rec from './records.js';
import { renderAgreement } from './render.js';
import * as sign from './signing.js';
import * as tpl from './templates.js';
import { listDb } from '../../db/named.js';

/** Contracts (spec §2 /contractsettings; §7 "Contract templates and pushes") and the platform user's signing. */
export function agreementsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.db;
  const api = agreementsApi;

  route(app, ctx, api.templates, ({ input }) => tpl.listTemplates(db, input));
  route(app, ctx, api.addTemplate, async ({ admin, input, audit }) => {
    const r = await tpl.addTemplate(db, input, admin);
    audit({ targetId: r.id, after: { name: r.name, kind: r.kind, isDefault: r.isDefault } });
    return tpl.withCounts(db, r);
  });
  route(app, ctx, api.updateTemplate, async ({ admin, input, audit }) => {
    const { before, after, versioned } = await tpl.updateTemplate(db, input, admin);
    audit({
      targetId: after.id,
      before: { name: before.name, version: before.version },
      after: { name: after.name, version: after.version, newVersion: versioned },
    });
    return tpl.withCounts(db, after);
  });
  route(app, ctx, api.templateStatus, async ({ admin, input, audit }) => {
    const r = await tpl.setEnabled(db, input.id, input.enabled, admin);
    audit({ targetId: r.id, after: { enabled: r.enabled } });
    return tpl.withCounts(db, r);
  });
  route(app, ctx, api.templateDefault, async ({ admin, input, audit }) => {
    const r = await tpl.setDefault(db, input.id, admin);
    audit({ targetId: r.id, after: { isDefault: true, kind: r.kind } });
    return tpl.withCounts(db, r);
  });
  route(app, ctx, api.deleteTemplate, async ({ input, audit, message }) => {
    const { row, removedAssignments } = await tpl.deleteTemplate(db, input.id);
    audit({ targetId: row.id, before: { name: row.name, version: row.version }, after: { removedAssignments } });
    message('agreement_removed');
    return { removedAssignments };
  });
  route(app, ctx, api.imageUpload, ({ input, admin }) => saveSiteImage(db, input.file.data, admin.adminId));
  route(app, ctx, api.preview, async ({ admin, input }) => {
    if (input.userId) await assertUserInScope(db, admin, input.userId, 'userId');
    return { body: await renderAgreement(db, input.body, input.userId ?? null) };
  });

  route(app, ctx, api.users, ({ admin, input }) => pickUsers(db, admin, input));
  route(app, ctx, api.assignments, ({ admin, input }) => rec.listRecords(db, admin, input, false));
  route(app, ctx, api.signed, ({ admin, input }) => rec.listRecords(db, admin, input, true));
  route(app, ctx, api.detail, ({ admin, input }) => rec.recordDetail(db, admin, input.id));
  route(app, ctx, api.review, async ({ admin, input, lang, audit, message }) => {
    const r = await rec.review(db, admin, input, lang);
    audit({ targetId: r.id, before: { status: 'signed' }, after: { status: r.status, reason: r.rejectReason } });
    message(r.status === 'approved' ? 'agreement_approved' : 'agreement_rejected');
    notify(ctx, { type: 'CONTRACT_REVIEWED', userId: r.userId, data: { id: r.id, userId: r.userId } });
    return r;
  });
  route(app, ctx, api.assign, async ({ admin, input, lang, audit, message }) => {
    const r = await rec.assign(db, admin, input, lang);
    audit({ targetId: input.templateId, after: { audience: input.audience.kind, ...r } });
    message('agreement_assigned', { added: r.added, existing: r.existing });
    return r;
  });
  route(app, ctx, api.push, async ({ admin, input, lang, audit, message }) => {
    const r = await rec.push(db, admin, input, lang);
    audit({ targetId: input.ids?.join(',') ?? input.templateId ?? null, after: r });
    message('agreement_pushed', { count: r.pushed });
    return r;
  });
  route(app, ctx, api.removeAssignment, async ({ admin, input, audit, message }) => {
    const r = await rec.removeRecord(db, admin, input.id);
    audit({ targetId: input.id, before: { templateId: r.template_id, userId: r.user_id, status: r.status } });
    message('agreement_removed');
    return null;
  });

  appRoute(app, ctx, api.appList, ({ user, input }) => sign.userAgreementList(listDb(db), user.userId, input));
  appRoute(app, ctx, api.appDetail, ({ user, input }) => sign.userAgreementDetail(db, user.userId, input.id));
  appRoute(app, ctx, api.appSign, async ({ user, input, req }) => {
    const { item, user: u } = await sign.signAgreement(db, user.userId, input.id, input.signature, req.ip);
    // the notice names the user; the hub routes it to contract staff and to the agents above the user
    notify(ctx, {
      type: 'IS_CONTRACT',
      userId: user.userId,
      data: { id: item.id, userId: user.userId, userName: u.nickName, phone: u.phone },
    });
    return item;
  });
}
