import type { FastifyInstance } from 'fastify';
import { DEFAULT_LANG, LANGS, sessionApi } from '@stock-admin/contracts';
import type { AppContext } from '../../app/context.js';
import { route } from '../../http/route.js';
import * as session from './service.js';

export function sessionRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, sessionApi.login, ({ input, req }) => session.login(ctx, input, { ip: req.ip, userAgent: req.headers['user-agent'] }));
  route(app, ctx, sessionApi.logout, async ({ admin, message }) => {
    await session.logout(ctx, admin);
    message('logout_ok');
    return null;
  });
  route(app, ctx, sessionApi.info, async ({ admin, lang }) => session.userInfo(admin, lang));
  route(app, ctx, sessionApi.catalogue, async ({ lang, req, reply }) => {
    const names = session.userCatalogue(lang);
    // the same texts for every sign-in: the browser keeps them and asks again with If-None-Match (304, no body)
    const etag = `"${lang}-${names.version}"`;
    void reply.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'lang');
    if (req.headers['if-none-match'] === etag) await reply.code(304).send();
    return names;
  });
  route(app, ctx, sessionApi.getSiteStyle, ({ admin }) => session.getSiteStyle(ctx, admin));
  route(app, ctx, sessionApi.setSiteStyle, ({ admin, input }) => session.setSiteStyle(ctx, admin, input));
  route(app, ctx, sessionApi.sysConfig, async () => ({
    title: { 'zh-CN': '股票管理后台', 'en-US': 'Stock Admin' },
    languages: [...LANGS],
    defaultLang: DEFAULT_LANG,
    socket: { mode: ctx.config.SOCKET_MODE, path: '/manager/ws', heartbeatMs: 30_000 },
  }));
}
