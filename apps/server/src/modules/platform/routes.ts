import type { FastifyInstance } from 'fastify';
import { platformApi } from '@stock-admin/contracts';
import type { AppContext } from '../../app/context.js';
import { readUploadForUser, authenticateUser } from '../users/index.js';
import { appRoute, userTokenOf } from '../../http/route.js';
import * as svc from './service.js';

/** The platform user API (`/app/…`, header `usertoken`). */
export function platformRoutes(app: FastifyInstance, ctx: AppContext): void {
  const client = (req: { ip: string; headers: Record<string, unknown> }) => ({
    ip: req.ip,
    userAgent: req.headers['user-agent'] as string | undefined,
  });

  appRoute(app, ctx, platformApi.register, async ({ input, req, message }) => {
    const r = await svc.registerAppUser(ctx, input, client(req));
    message('app_registered');
    return r;
  });
  appRoute(app, ctx, platformApi.login, ({ input, req }) => svc.loginAppUser(ctx, input, client(req)));
  appRoute(app, ctx, platformApi.logout, async ({ user, message }) => {
    await svc.logoutAppUser(ctx, user);
    message('app_logged_out');
    return null;
  });
  appRoute(app, ctx, platformApi.info, ({ user }) => svc.appProfile(ctx, user.userId));
  appRoute(app, ctx, platformApi.updatePassword, async ({ user, input }) => {
    await svc.changeAppPassword(ctx, user, input);
    return null;
  });
  appRoute(app, ctx, platformApi.realName, async ({ user, input, message }) => {
    const r = await svc.appSubmitRealName(ctx, user, input);
    message('app_real_submitted');
    return r;
  });
  appRoute(app, ctx, platformApi.banks, ({ user }) => svc.appBanks(ctx, user));
  appRoute(app, ctx, platformApi.saveBank, ({ user, input }) => svc.appSaveBank(ctx, user, input));
  appRoute(app, ctx, platformApi.funds, ({ user, input }) => svc.appFunds(ctx, user, input));

  // The user's own uploaded images (ID photos), with the usertoken header.
  app.get<{ Params: { key: string } }>('/app/user/file/:key', { schema: { hide: true } }, async (req, reply) => {
    const user = await authenticateUser(ctx, userTokenOf(req));
    const f = user ? await readUploadForUser(ctx.db, user.userId, req.params.key) : null;
    if (!f) return reply.code(404).send({ status: 1, msg: 'Not found', data: null });
    return reply
      .header('content-type', f.mime)
      .header('cache-control', 'private, max-age=300')
      .header('x-content-type-options', 'nosniff')
      .send(f.data);
  });
}
