import type { FastifyInstance } from 'fastify';
import { messagesApi } from '@stock-admin/contracts';
import type { AppContext } from '../../http/context.js';
import { route } from '../../http/route.js';
import { appRoute } from '../platform/route.js';
import * as station from './service.js';

/** 站内消息: the admin side (/admin/stationMessage/…) and the end user's side (/app/message/…). */
export function messagesRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, messagesApi.list, ({ admin, input }) => station.listMessages(ctx, admin, input));
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
}
