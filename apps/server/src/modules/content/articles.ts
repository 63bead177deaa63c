import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { ArticleItem, ArticleType } from '@stock-admin/contracts';
import type { Db } from '../../db/client.js';
import { likeContains } from '../../db/like.js';
import { articles } from './tables.js';
import { fail } from '../../http/errors.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import { assertImage, imageUrl } from './images.js';
import { onePage } from '../../db/paging.js';

type Row = typeof articles.$inferSelect;
export interface ArticleValues {
  title: string;
  type: ArticleType;
  cover?: string;
  source?: string;
  summary?: string;
  body: string;
  shown: boolean;
  pinned: boolean;
  publishAt?: string;
}

export const toArticle = (r: Row, now: Date): ArticleItem => ({
  id: r.id,
  title: r.title,
  type: r.type as ArticleType,
  cover: r.cover,
  coverUrl: imageUrl(r.cover),
  source: r.source,
  summary: r.summary,
  body: r.body,
  shown: r.shown,
  pinned: r.pinned,
  publishAt: r.publishAt.toISOString(),
  published: r.shown && r.publishAt <= now,
  views: r.views,
  createdAt: r.createdAt.toISOString(),
});

/** The stored values: the body sanitised with the allow-list (scripts, handlers and javascript: URLs never survive). */
async function values(db: Db, v: ArticleValues, now?: Date) {
  await assertImage(db, v.cover, 'cover');
  return {
    title: v.title,
    type: v.type,
    cover: v.cover ?? null,
    source: v.source ?? null,
    summary: v.summary ?? null,
    body: sanitizeRichText(v.body),
    shown: v.shown,
    pinned: v.pinned,
    // no time given: now on the platform's clock (which demos and tests may shift), not the database's
    ...(v.publishAt ? { publishAt: new Date(v.publishAt) } : now ? { publishAt: now } : {}),
  };
}

export async function addArticle(db: Db, v: ArticleValues, adminId: number, now = new Date()): Promise<Row> {
  const [r] = await db
    .insert(articles)
    .values({ ...(await values(db, v, now)), createdBy: adminId })
    .returning();
  return r!;
}

export async function updateArticle(db: Db, id: number, v: ArticleValues): Promise<Row> {
  const [r] = await db
    .update(articles)
    .set({ ...(await values(db, v)), updatedAt: new Date() })
    .where(eq(articles.id, id))
    .returning();
  if (!r) throw fail('content.not_found');
  return r;
}

/**
 * Lists articles: every one for the console; for the platform (`published`) only shown ones whose publication
 * time has come, pinned first, newest first.
 */
export async function listArticles(
  db: Db,
  q: { pageNum: number; pageSize: number; keyword?: string; type?: string },
  o: { published?: boolean; now: Date },
) {
  const where = and(
    q.keyword ? sql`${articles.title} ILIKE ${likeContains(q.keyword)}` : undefined,
    q.type ? eq(articles.type, q.type) : undefined,
    o.published ? sql`${articles.shown} AND ${articles.publishAt} <= ${o.now}` : undefined,
  );
  const [list, [n]] = await Promise.all([
    onePage(
      db.select().from(articles).where(where).orderBy(desc(articles.pinned), desc(articles.publishAt), desc(articles.id)).$dynamic(),
      q,
    ),
    db.select({ n: count() }).from(articles).where(where),
  ]);
  return { list: list.map((r) => toArticle(r, o.now)), total: Number(n?.n ?? 0), pageNum: q.pageNum, pageSize: q.pageSize };
}

/** A published article for a platform user, counting the view. */
export async function readArticle(db: Db, id: number, now: Date): Promise<ArticleItem> {
  const [r] = await db
    .update(articles)
    .set({ views: sql`${articles.views} + 1` })
    .where(and(eq(articles.id, id), sql`${articles.shown} AND ${articles.publishAt} <= ${now}`))
    .returning();
  if (!r) throw fail('content.not_found');
  return toArticle(r, now);
}
