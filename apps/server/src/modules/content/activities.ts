import { count, desc, eq } from 'drizzle-orm';
import type { ActivityItem, ActivityState } from '@stock-admin/contracts';
import type { Db } from '../../db/client.js';
import { activities } from './tables.js';
import { fail } from '../../http/errors.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import { assertImage, imageUrl } from './images.js';
import { onePage } from '../../db/paging.js';

type Row = typeof activities.$inferSelect;
export interface ActivityValues {
  title: string;
  banner?: string;
  rules: string;
  startsAt: string;
  endsAt: string;
  target: 'all' | 'tier' | 'agent';
  targetId?: number;
  shown: boolean;
}

/** An activity's state from its window and the clock: upcoming, running, ended. */
export const stateOf = (r: Pick<Row, 'startsAt' | 'endsAt'>, now: Date): ActivityState =>
  now < r.startsAt ? 'upcoming' : now < r.endsAt ? 'running' : 'ended';

export const toActivity = (r: Row, now: Date): ActivityItem => ({
  id: r.id,
  title: r.title,
  banner: r.banner,
  bannerUrl: imageUrl(r.banner),
  rules: r.rules,
  startsAt: r.startsAt.toISOString(),
  endsAt: r.endsAt.toISOString(),
  target: r.target as ActivityItem['target'],
  targetId: r.targetId,
  shown: r.shown,
  state: stateOf(r, now),
});

async function values(db: Db, v: ActivityValues) {
  await assertImage(db, v.banner, 'banner');
  return {
    title: v.title,
    banner: v.banner ?? null,
    rules: sanitizeRichText(v.rules),
    startsAt: new Date(v.startsAt),
    endsAt: new Date(v.endsAt),
    target: v.target,
    targetId: v.target === 'all' ? null : (v.targetId ?? null),
    shown: v.shown,
  };
}

export async function addActivity(db: Db, v: ActivityValues): Promise<Row> {
  const [r] = await db
    .insert(activities)
    .values(await values(db, v))
    .returning();
  return r!;
}

export async function updateActivity(db: Db, id: number, v: ActivityValues): Promise<Row> {
  const [r] = await db
    .update(activities)
    .set(await values(db, v))
    .where(eq(activities.id, id))
    .returning();
  if (!r) throw fail('content.not_found');
  return r;
}

export async function listActivities(db: Db, q: { pageNum: number; pageSize: number }, now: Date) {
  const [list, [n]] = await Promise.all([
    onePage(db.select().from(activities).orderBy(desc(activities.startsAt), desc(activities.id)).$dynamic(), q),
    db.select({ n: count() }).from(activities),
  ]);
  return { list: list.map((r) => toActivity(r, now)), total: Number(n?.n ?? 0), pageNum: q.pageNum, pageSize: q.pageSize };
}
