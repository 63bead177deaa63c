import { z } from 'zod';
import { zTime } from './time.js';
import { endpoint } from './endpoint.js';
import { pageOf, pageQuery } from './envelope.js';
import { optionalText, zBool, zId, zNumber } from './fields.js';
import { userUploadedFile } from './user-fields.js';

/**
 * Site content (spec §2 `/allsetting`: noticesetting 公告设置, activesetting* 活动管理, bannersetting 轮播图设置;
 * issue 25). Bodies are rich text the server sanitises with an allow-list; images are uploaded (sniffed, size-
 * limited) and served publicly under SITE_IMAGE_PATH, since platform users read them.
 */
export const SITE_IMAGE_PATH = '/site/img/';
export const ARTICLE_TYPES = ['notice', 'news', 'rule'] as const;
export type ArticleType = (typeof ARTICLE_TYPES)[number];
export const ACTIVITY_TARGETS = ['all', 'tier', 'agent'] as const;
export const ACTIVITY_STATES = ['upcoming', 'running', 'ended'] as const;
export type ActivityState = (typeof ACTIVITY_STATES)[number];

const instant = zTime();
/** An image of the site: a key returned by the upload (its URL is SITE_IMAGE_PATH + key). */
const imageKey = z
  .string()
  .trim()
  .regex(/^[0-9a-f]{32}\.(jpg|png|gif|webp)$/, { message: 'invalid_image' });
/** Where a banner leads: an http(s) address or a path of the platform's own app (`/…`); nothing else (no `javascript:`). */
export const targetUrl = z
  .string()
  .trim()
  .max(500)
  .refine((v) => /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(v) || /^\/(?!\/)[^\s]*$/.test(v), { message: 'invalid_target_url' });

export const articleFields = z.object({
  title: z.string().trim().min(1).max(100),
  type: z.enum(ARTICLE_TYPES).default('notice'),
  cover: imageKey.optional(),
  source: optionalText(50),
  summary: optionalText(300),
  body: z.string().max(200_000),
  shown: zBool().default(true),
  pinned: zBool().default(false),
  /** Published from this instant on (absent: at once). */
  publishAt: instant.optional(),
});
export const articleInput = articleFields;
export const articleUpdateInput = articleFields.extend({ id: zId() });
export const articleItem = z.object({
  id: z.number().int(),
  title: z.string(),
  type: z.enum(ARTICLE_TYPES),
  cover: z.string().nullable(),
  coverUrl: z.string().nullable(),
  source: z.string().nullable(),
  summary: z.string().nullable(),
  body: z.string(),
  shown: z.boolean(),
  pinned: z.boolean(),
  publishAt: z.string(),
  /** shown and its publication time reached */
  published: z.boolean(),
  views: z.number().int(),
  createdAt: z.string(),
});
export type ArticleItem = z.infer<typeof articleItem>;
export const articleListQuery = pageQuery.extend({ keyword: optionalText(50), type: z.enum(ARTICLE_TYPES).optional() });

export const bannerFields = z.object({
  title: z.string().trim().min(1).max(60),
  image: imageKey,
  targetUrl: targetUrl.optional(),
  pc: zBool().default(true),
  mobile: zBool().default(true),
  shown: zBool().default(true),
});
export const bannerItem = z.object({
  id: z.number().int(),
  title: z.string(),
  image: z.string(),
  imageUrl: z.string(),
  targetUrl: z.string().nullable(),
  sort: z.number().int(),
  pc: z.boolean(),
  mobile: z.boolean(),
  shown: z.boolean(),
});
export type BannerItem = z.infer<typeof bannerItem>;
/** The banners' new order: every id, first shown first. */
export const bannerSortInput = z.object({ ids: z.array(zId()).min(1).max(200) });

export const activityFields = z.object({
  title: z.string().trim().min(1).max(100),
  banner: imageKey.optional(),
  rules: z.string().max(100_000),
  startsAt: instant,
  endsAt: instant,
  target: z.enum(ACTIVITY_TARGETS).default('all'),
  /** The tier or the agent (subtree) a targeted activity is for. */
  targetId: zNumber(z.number().int().positive()).optional(),
  shown: zBool().default(true),
});
function activityCheck(v: z.output<typeof activityFields>, ctx: z.RefinementCtx): void {
  if (Date.parse(v.endsAt) <= Date.parse(v.startsAt)) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'invalid_time_order' });
  if (v.target !== 'all' && !v.targetId) ctx.addIssue({ code: 'custom', path: ['targetId'], message: 'required' });
}
export const activityInput = activityFields.superRefine(activityCheck);
export const activityUpdateInput = activityFields.extend({ id: zId() }).superRefine(activityCheck);
export const activityItem = z.object({
  id: z.number().int(),
  title: z.string(),
  banner: z.string().nullable(),
  bannerUrl: z.string().nullable(),
  rules: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  target: z.enum(ACTIVITY_TARGETS),
  targetId: z.number().int().nullable(),
  shown: z.boolean(),
  state: z.enum(ACTIVITY_STATES),
});
export type ActivityItem = z.infer<typeof activityItem>;

const idInput = z.object({ id: zId() });
const showInput = z.object({ id: zId(), shown: zBool() });
export const imageUploadInput = z.object({ file: userUploadedFile });
export const imageUploadData = z.object({ key: z.string(), url: z.string() });

const perm = (action: 'query' | 'add' | 'edit' | 'delete') => ({ permission: 'allsetting' as const, action });
const crud = <I extends z.ZodType, U extends z.ZodType, T extends z.ZodType, Q extends z.ZodType>(
  base: string,
  module: string,
  input: I,
  update: U,
  item: T,
  query: Q,
) => ({
  list: endpoint({ method: 'POST', path: `${base}/list.do`, access: perm('query'), input: query, data: pageOf(item) }),
  add: endpoint({ method: 'POST', path: `${base}/add.do`, access: perm('add'), input, data: item, module }),
  update: endpoint({ method: 'POST', path: `${base}/update.do`, access: perm('edit'), input: update, data: item, module }),
  delete: endpoint({ method: 'POST', path: `${base}/delete.do`, access: perm('delete'), input: idInput, module }),
  updateShow: endpoint({ method: 'POST', path: `${base}/updateShow.do`, access: perm('edit'), input: showInput, data: item, module }),
});

export const contentApi = {
  articles: crud('/admin/art', 'content', articleInput, articleUpdateInput, articleItem, articleListQuery),
  banners: {
    ...crud('/admin/banners', 'content', bannerFields, bannerFields.extend({ id: zId() }), bannerItem, pageQuery),
    sort: endpoint({ method: 'POST', path: '/admin/banners/sort.do', access: perm('edit'), input: bannerSortInput, module: 'content' }),
  },
  activities: crud('/admin/activity', 'content', activityInput, activityUpdateInput, activityItem, pageQuery),
  imageUpload: endpoint({
    method: 'POST',
    path: '/admin/site/imageUpload.do',
    access: perm('edit'),
    input: imageUploadInput,
    data: imageUploadData,
    module: 'content',
    summary: 'A site image (multipart `file`): JPEG/PNG/GIF/WebP sniffed, ≤ 5 MB; served publicly',
  }),
  // the platform user API
  appArticles: endpoint({
    method: 'POST',
    path: '/app/art/list.do',
    access: 'signedIn',
    input: articleListQuery,
    data: pageOf(articleItem),
  }),
  appArticle: endpoint({ method: 'POST', path: '/app/art/detail.do', access: 'signedIn', input: idInput, data: articleItem }),
  appBanners: endpoint({
    method: 'POST',
    path: '/app/banners/list.do',
    access: 'signedIn',
    input: z.object({ device: z.enum(['pc', 'mobile']).default('mobile') }),
    data: z.array(bannerItem),
  }),
};
