import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { contentApi, SITE_IMAGE_PATH } from '@stock-admin/contracts';
import { activities, articles, banners } from './tables.js';
import type { AppContext } from '../../app/context.js';
import { fail } from '../../http/errors.js';
import { parseLang, registerMessages, t } from '../../app/i18n.js';
import { appRoute, route } from '../../http/route.js';
import * as act from './activities.js';
import * as art from './articles.js';
import * as ban from './banners.js';
import { readSiteImage, saveSiteImage } from './images.js';

registerMessages({
  'content.not_found': { 'zh-CN': '内容不存在', 'en-US': 'No such item' },
  'content.image_missing': { 'zh-CN': '{field} 图片不存在，请重新上传', 'en-US': 'The {field} image does not exist; upload it again' },
  'content.sort_incomplete': { 'zh-CN': '排序须包含全部轮播图，每个一次', 'en-US': 'The order must list every banner once' },
  'content.saved': { 'zh-CN': '已保存', 'en-US': 'Saved' },
  'content.deleted': { 'zh-CN': '已删除', 'en-US': 'Deleted' },
  'reason.invalid_target_url': {
    'zh-CN': '须为 http(s) 地址或以 / 开头的站内路径',
    'en-US': 'must be an http(s) address or an in-app path starting with /',
  },
});

/** The platform's clock (the market's: QUOTE_CLOCK_START shifts it in demos and tests). */
const nowOf = (ctx: AppContext) => new Date(ctx.market?.now() ?? Date.now());

/** Site content (spec §2 /allsetting): announcements, banners, activities, their images, and the platform's reads. */
export function contentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.db;
  const api = contentApi;

  route(app, ctx, api.articles.list, ({ input }) => art.listArticles(db, input, { now: nowOf(ctx) }));
  route(app, ctx, api.articles.add, async ({ input, admin, audit }) => {
    const r = await art.addArticle(db, input, admin.adminId, nowOf(ctx));
    audit({ targetId: r.id, after: { title: r.title, shown: r.shown, publishAt: r.publishAt.toISOString() } });
    return art.toArticle(r, nowOf(ctx));
  });
  route(app, ctx, api.articles.update, async ({ input, audit }) => {
    const r = await art.updateArticle(db, input.id, input);
    audit({ targetId: r.id, after: { title: r.title, shown: r.shown } });
    return art.toArticle(r, nowOf(ctx));
  });
  route(app, ctx, api.articles.updateShow, async ({ input }) => {
    const [r] = await db.update(articles).set({ shown: input.shown, updatedAt: new Date() }).where(eq(articles.id, input.id)).returning();
    if (!r) throw fail('content.not_found');
    return art.toArticle(r, nowOf(ctx));
  });
  route(app, ctx, api.articles.delete, async ({ input, message, audit }) => {
    const [r] = await db.delete(articles).where(eq(articles.id, input.id)).returning({ title: articles.title });
    if (!r) throw fail('content.not_found');
    audit({ targetId: input.id, before: { title: r.title } });
    message('content.deleted');
    return null;
  });

  route(app, ctx, api.banners.list, ({ input }) => ban.listBanners(db, input));
  route(app, ctx, api.banners.add, async ({ input }) => ban.toBanner(await ban.addBanner(db, input)));
  route(app, ctx, api.banners.update, async ({ input }) => ban.toBanner(await ban.updateBanner(db, input.id, input)));
  route(app, ctx, api.banners.updateShow, async ({ input }) => {
    const [r] = await db.update(banners).set({ shown: input.shown }).where(eq(banners.id, input.id)).returning();
    if (!r) throw fail('content.not_found');
    return ban.toBanner(r);
  });
  route(app, ctx, api.banners.delete, async ({ input, message }) => {
    const r = await db.delete(banners).where(eq(banners.id, input.id)).returning({ id: banners.id });
    if (!r.length) throw fail('content.not_found');
    message('content.deleted');
    return null;
  });
  route(app, ctx, api.banners.sort, async ({ input, message }) => {
    await ban.sortBanners(db, input.ids);
    message('content.saved');
    return null;
  });

  route(app, ctx, api.activities.list, ({ input }) => act.listActivities(db, input, nowOf(ctx)));
  route(app, ctx, api.activities.add, async ({ input }) => act.toActivity(await act.addActivity(db, input), nowOf(ctx)));
  route(app, ctx, api.activities.update, async ({ input }) => act.toActivity(await act.updateActivity(db, input.id, input), nowOf(ctx)));
  route(app, ctx, api.activities.updateShow, async ({ input }) => {
    const [r] = await db.update(activities).set({ shown: input.shown }).where(eq(activities.id, input.id)).returning();
    if (!r) throw fail('content.not_found');
    return act.toActivity(r, nowOf(ctx));
  });
  route(app, ctx, api.activities.delete, async ({ input, message }) => {
    const r = await db.delete(activities).where(eq(activities.id, input.id)).returning({ id: activities.id });
    if (!r.length) throw fail('content.not_found');
    message('content.deleted');
    return null;
  });

  route(app, ctx, api.imageUpload, ({ input, admin }) => saveSiteImage(db, input.file.data, admin.adminId));
  // site images are public (platform users see covers and banners); never anything but the sniffed image type
  app.get<{ Params: { key: string } }>(`${SITE_IMAGE_PATH}:key`, { schema: { hide: true } }, async (req, reply) => {
    const f = /^[0-9a-f]{32}\.(jpg|png|gif|webp)$/.test(req.params.key) ? await readSiteImage(db, req.params.key) : null;
    if (!f) return reply.code(404).send({ status: 1, msg: t(parseLang(req.headers.lang), 'content.not_found'), data: null });
    return reply
      .header('content-type', f.mime)
      .header('cache-control', 'public, max-age=86400, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .send(f.data);
  });

  appRoute(app, ctx, api.appArticles, ({ input }) => art.listArticles(db, input, { published: true, now: nowOf(ctx) }));
  appRoute(app, ctx, api.appArticle, ({ input }) => art.readArticle(db, input.id, nowOf(ctx)));
  appRoute(app, ctx, api.appBanners, ({ input }) => ban.shownBanners(db, input.device));
}
