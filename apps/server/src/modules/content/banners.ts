import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { BannerItem } from '@stock-admin/contracts';
import type { Db } from '../../db/client.js';
import { banners } from './tables.js';
import { fail } from '../../http/errors.js';
import { assertImage, imageUrl } from './images.js';
import { onePage } from '../../db/paging.js';

type Row = typeof banners.$inferSelect;
export interface BannerValues {
  title: string;
  image: string;
  targetUrl?: string;
  pc: boolean;
  mobile: boolean;
  shown: boolean;
}

export const toBanner = (r: Row): BannerItem => ({
  id: r.id,
  title: r.title,
  image: r.image,
  imageUrl: imageUrl(r.image)!,
  targetUrl: r.targetUrl,
  sort: r.sort,
  pc: r.pc,
  mobile: r.mobile,
  shown: r.shown,
});

export async function addBanner(db: Db, v: BannerValues): Promise<Row> {
  await assertImage(db, v.image, 'image');
  // a new banner goes last
  const [r] = await db
    .insert(banners)
    .values({ ...v, targetUrl: v.targetUrl ?? null, sort: sql`(SELECT coalesce(max(sort), -1) + 1 FROM banners)` })
    .returning();
  return r!;
}

export async function updateBanner(db: Db, id: number, v: BannerValues): Promise<Row> {
  await assertImage(db, v.image, 'image');
  const [r] = await db
    .update(banners)
    .set({ ...v, targetUrl: v.targetUrl ?? null })
    .where(eq(banners.id, id))
    .returning();
  if (!r) throw fail('content.not_found');
  return r;
}

export async function listBanners(db: Db, q: { pageNum: number; pageSize: number }) {
  const [list, [n]] = await Promise.all([
    onePage(db.select().from(banners).orderBy(asc(banners.sort), asc(banners.id)).$dynamic(), q),
    db.select({ n: count() }).from(banners),
  ]);
  return { list: list.map(toBanner), total: Number(n?.n ?? 0), pageNum: q.pageNum, pageSize: q.pageSize };
}

/**
 * The new order from a drag: `ids` must be every banner once; their positions become their sort numbers, in one
 * transaction (two operators dragging at once: the last order wins whole, never a mix).
 */
export async function sortBanners(db: Db, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const all = await tx.select({ id: banners.id }).from(banners).for('update');
    const known = new Set(all.map((b) => b.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id)))
      throw fail('content.sort_incomplete');
    await tx.execute(sql`
      UPDATE banners b SET sort = o.n - 1
      FROM unnest(${`{${ids.join(',')}}`}::int[]) WITH ORDINALITY AS o(id, n) WHERE b.id = o.id`);
  });
}

/** What the platform shows on a device: shown banners for it, in order. */
export async function shownBanners(db: Db, device: 'pc' | 'mobile'): Promise<BannerItem[]> {
  const rows = await db
    .select()
    .from(banners)
    .where(and(eq(banners.shown, true), device === 'pc' ? eq(banners.pc, true) : eq(banners.mobile, true)))
    .orderBy(asc(banners.sort), asc(banners.id));
  return rows.map(toBanner);
}
