import type { FastifyInstance } from 'fastify';
import { accountApi } from '@stock-admin/contracts';
import type { AppContext } from '../../app/context.js';
import { parseLang, t } from '../../app/i18n.js';
import { route } from '../../http/route.js';
import * as account from './service.js';

export function accountRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, accountApi.profile, ({ admin }) => account.profile(ctx, admin));
  route(app, ctx, accountApi.updateBasic, ({ admin, input, audit }) => account.updateBasic(ctx, admin, input, audit));
  route(app, ctx, accountApi.uploadAvatar, ({ admin, input, audit }) => account.uploadAvatar(ctx, admin, input.file, audit));
  route(app, ctx, accountApi.updatePassword, async ({ admin, input, audit, message }) => {
    await account.changePassword(ctx, admin, input, audit);
    message('password_changed');
    return null;
  });
  route(app, ctx, accountApi.getGoogle, ({ admin, audit }) => account.issueOwnGoogleSecret(ctx, admin, audit));
  route(app, ctx, accountApi.updateGoogle, ({ admin, input, audit }) => account.updateOwnGoogle(ctx, admin, input, audit));
  route(app, ctx, accountApi.getIosPush, () => account.getIosPush(ctx));
  route(app, ctx, accountApi.updateIosPush, ({ admin, input, audit }) => account.updateIosPush(ctx, admin, input, audit));
  route(app, ctx, accountApi.testIosPush, async ({ admin, input, audit, message }) => {
    const r = await account.testIosPush(ctx, admin, input, audit);
    message('push_test_sent');
    return r;
  });

  // Avatars are images for <img src>: public, addressed by admin id with a version that changes on upload.
  app.get<{ Params: { id: string } }>('/api/adminUser/avatar/:id', { schema: { hide: true } }, async (req, reply) => {
    const id = Number(req.params.id);
    const found = Number.isInteger(id) && id > 0 && id < 2 ** 31 ? await account.readAvatar(ctx, id) : null;
    if (!found) return reply.code(404).send({ status: 1, msg: t(parseLang(req.headers.lang), 'not_found'), data: null });
    return reply
      .header('content-type', found.mime)
      .header('cache-control', 'public, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .send(found.data);
  });
}
