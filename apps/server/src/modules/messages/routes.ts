import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { messagesApi, messageSendsApi } from '@stock-admin/contracts';
import type { AppContext } from '../../app/context.js';
import { appRoute, route } from '../../http/route.js';
import * as station from './service.js';
import * as tpl from './templates.js';
import * as sends from './sends.js';
import { kickSends } from './send-worker.js';
import { pickUsers } from '../users/index.js';

/** 站内消息 (/admin/stationMessage/…, /app/message/…), message templates and sends (/admin/msgTemplate/…). */
export function messagesRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, messagesApi.list, ({ admin, input }) => station.listMessages(ctx, admin, input));
  route(app, ctx, messagesApi.audienceSize, ({ admin, input, lang }) =>
    sends.audienceSize(ctx, admin, input.audience === 'all' ? { kind: 'all' } : { kind: 'users', userIds: input.userIds ?? [] }, lang),
  );
  route(app, ctx, messagesApi.send, async ({ admin, input, audit, message }) => {
    const r = await station.sendMessage(ctx, admin, input, audit);
    message('station_sent', { count: r.recipientCount });
    return r;
  });
  route(app, ctx, messagesApi.recipients, ({ admin, input }) => station.listRecipients(ctx, admin, input));
  route(app, ctx, messagesApi.withdraw, async ({ admin, input, audit, message }) => {
    await station.withdrawMessage(ctx, admin, input.id, audit);
    message('station_withdrawn');
    return null;
  });
  appRoute(app, ctx, messagesApi.appList, ({ user, input }) => station.userMessages(ctx, user.userId, input));
  appRoute(app, ctx, messagesApi.appRead, ({ user, input }) => station.markRead(ctx, user.userId, input));

  const api = messageSendsApi;
  route(app, ctx, api.templates, ({ input }) => tpl.listTemplates(ctx.db, input));
  route(app, ctx, api.users, ({ admin, input }) => pickUsers(ctx.db, admin, input));
  route(app, ctx, api.add, async ({ admin, input, audit }) => {
    const r = await tpl.addTemplate(ctx.db, input, admin);
    audit({ targetId: r.id, after: { name: r.name, channel: r.channel, title: r.title } });
    return r;
  });
  route(app, ctx, api.update, async ({ admin, input, audit }) => {
    const { id, ...fields } = input;
    const { before, after } = await tpl.updateTemplate(ctx.db, id, fields, admin);
    audit({
      targetId: id,
      before: { name: before.name, title: before.title, content: before.content },
      after: { name: after.name, title: after.title, content: after.content },
    });
    return after;
  });
  route(app, ctx, api.delete, async ({ input, audit, message }) => {
    const r = await tpl.deleteTemplate(ctx.db, input.id);
    audit({ targetId: r.id, before: { name: r.name } });
    message('msg_template_deleted');
    return null;
  });
  route(app, ctx, api.batchDelete, async ({ input, lang, audit }) => {
    const { deleted, ...r } = await tpl.batchDelete(ctx.db, input.ids, lang);
    audit({ targetId: deleted.map((d) => d.id).join(','), before: { names: deleted.map((d) => d.name) } });
    return r;
  });
  route(app, ctx, api.preview, ({ admin, input }) => tpl.previewTemplate(ctx.db, admin, input));
  route(app, ctx, api.audienceSize, ({ admin, input, lang }) => sends.audienceSize(ctx, admin, input.audience, lang));
  route(app, ctx, api.send, async ({ admin, input, lang, audit, message }) => {
    const r = await sends.createSend(ctx, admin, input, lang);
    audit({
      targetId: r.id,
      after: { channel: r.channel, title: r.title, audience: r.audienceLabel, total: r.total, scheduledAt: r.scheduledAt.toISOString() },
    });
    message(r.status === 'scheduled' ? 'msg_send_scheduled' : 'msg_send_queued', { count: r.total });
    if (r.status === 'queued') void kickSends(ctx);
    return sends.toSend(r);
  });
  route(app, ctx, api.sends, ({ admin, input }) => sends.listSends(ctx.db, admin, input));
  route(app, ctx, api.sendDetail, async ({ admin, input }) => sends.toSend(await sends.getSend(ctx.db, admin, input.id)));
  route(app, ctx, api.deliveries, ({ admin, input }) => sends.listDeliveries(ctx.db, admin, input));
  route(app, ctx, api.retry, async ({ admin, input, audit }) => {
    const r = await sends.retrySend(ctx.db, admin, input.id);
    audit({ targetId: r.id, after: { retry: true, failed: r.failed } });
    void kickSends(ctx);
    return sends.toSend(r);
  });
  route(app, ctx, api.cancel, async ({ admin, input, audit }) => {
    const r = await sends.cancelSend(ctx.db, admin, input.id);
    audit({ targetId: r.id, after: { status: 'cancelled', done: r.done } });
    return sends.toSend(r);
  });
  appRoute(app, ctx, api.appDevice, async ({ user, input }) => {
    await ctx.db.execute(sql`
      INSERT INTO user_devices (user_id, platform, token) VALUES (${user.userId}, ${input.platform}, ${input.token})
      ON CONFLICT (user_id, token) DO UPDATE SET platform = EXCLUDED.platform, updated_at = now()`);
    return null;
  });
}
