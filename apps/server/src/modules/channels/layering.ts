import { and, asc, count, eq, inArray, ne, sql, type Placeholder } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  ChannelType,
  LayeringChannelItem,
  LayeringItem,
  LayeringRecomputeData,
  Page,
  PageQuery,
  layeringInput,
  layeringUpdateInput,
} from '@stock-admin/contracts';
import { channelLayering, layeringTiers, payChannels } from './tables.js';
import { rows } from '../../db/rows.js';
import type { Db } from '../../db/client.js';
import type { AppContext } from '../../app/context.js';
import { fail } from '../../http/errors.js';
import './messages.js';
import { onePage } from '../../db/paging.js';
import { isUniqueViolation } from '../../db/outage.js';

type TierRow = typeof layeringTiers.$inferSelect;
type AddInput = z.output<typeof layeringInput>;
type UpdateInput = z.output<typeof layeringUpdateInput>;

function toItem(t: TierRow, channelCount = 0, userCount = 0): LayeringItem {
  return {
    id: t.id,
    layeringName: t.layeringName,
    payNums: t.payNums,
    payMoney: t.payMoney,
    withdrawalMoney: t.withdrawalMoney,
    withdrawalNums: t.withdrawalNums,
    isDefault: t.isDefault,
    channelCount,
    userCount,
    createdAt: t.createdAt.toISOString(),
  };
}

/** Users per tier; the default tier also counts the users who have no tier (they use its channels). */
async function userCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const r = rows<{ id: number; n: number }>(
    await db.execute(sql`
      SELECT t.id, (SELECT count(*)::int FROM users u
                    WHERE u.deleted_at IS NULL AND (u.layering_id = t.id OR (t.is_default AND u.layering_id IS NULL))) AS n
      FROM layering_tiers t WHERE t.id IN (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`),
  );
  return new Map(r.map((x) => [x.id, x.n]));
}

export async function listTiers(db: Db, q: PageQuery): Promise<Page<LayeringItem>> {
  const [list, [total]] = await Promise.all([
    onePage(db.select().from(layeringTiers).orderBy(asc(layeringTiers.id)).$dynamic(), q),
    db.select({ n: count() }).from(layeringTiers),
  ]);
  const ids = list.map((t) => t.id);
  const links = ids.length
    ? await db
        .select({ id: channelLayering.layeringId, n: count() })
        .from(channelLayering)
        .where(inArray(channelLayering.layeringId, ids))
        .groupBy(channelLayering.layeringId)
    : [];
  const linkCount = new Map(links.map((l) => [l.id, Number(l.n)]));
  const users = await userCounts(db, ids);
  return {
    list: list.map((t) => toItem(t, linkCount.get(t.id) ?? 0, users.get(t.id) ?? 0)),
    total: Number(total?.n ?? 0),
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

async function tierOrFail(db: Db, id: number, lock = false): Promise<TierRow> {
  const q = db.select().from(layeringTiers).where(eq(layeringTiers.id, id)).limit(1);
  const [t] = lock ? await q.for('update') : await q;
  if (!t) throw fail('layering.not_found');
  return t;
}

const thresholds = (i: AddInput) => ({
  layeringName: i.layeringName,
  payNums: i.payNums ?? null,
  payMoney: i.payMoney ?? null,
  withdrawalMoney: i.withdrawalMoney ?? null,
  withdrawalNums: i.withdrawalNums ?? null,
});

export async function addTier(ctx: AppContext, input: AddInput): Promise<LayeringItem> {
  try {
    return await ctx.db.transaction(async (tx) => {
      if (input.isDefault) await tx.update(layeringTiers).set({ isDefault: false }).where(eq(layeringTiers.isDefault, true));
      const [row] = await tx
        .insert(layeringTiers)
        .values({ ...thresholds(input), isDefault: input.isDefault ?? false })
        .returning();
      return toItem(row!);
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw fail('layering.name_taken');
    throw e;
  }
}

/** Replaces the name and thresholds (an empty threshold clears it); `isDefault` left out is unchanged. */
export async function updateTier(ctx: AppContext, input: UpdateInput): Promise<{ item: LayeringItem; before: TierRow }> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const before = await tierOrFail(tx, input.id, true);
      if (input.isDefault)
        await tx
          .update(layeringTiers)
          .set({ isDefault: false })
          .where(and(eq(layeringTiers.isDefault, true), ne(layeringTiers.id, input.id)));
      const [row] = await tx
        .update(layeringTiers)
        .set({ ...thresholds(input), isDefault: input.isDefault ?? before.isDefault, updatedAt: new Date() })
        .where(eq(layeringTiers.id, input.id))
        .returning();
      const [links] = await tx.select({ n: count() }).from(channelLayering).where(eq(channelLayering.layeringId, input.id));
      const users = await userCounts(tx, [input.id]);
      return { item: toItem(row!, Number(links?.n ?? 0), users.get(input.id) ?? 0), before };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw fail('layering.name_taken');
    throw e;
  }
}

/** Deletes a tier and its channel links; its users (pinned or not) go back to having no tier (the default). */
export async function deleteTier(ctx: AppContext, id: number): Promise<{ before: TierRow; usersReleased: number }> {
  return ctx.db.transaction(async (tx) => {
    const before = await tierOrFail(tx, id, true);
    const released = await releaseTierUsers(tx, id);
    await tx.delete(layeringTiers).where(eq(layeringTiers.id, id));
    return { before, usersReleased: released };
  });
}

export async function tierChannels(db: Db, layeringId: number): Promise<Page<LayeringChannelItem>> {
  await tierOrFail(db, layeringId);
  const list = await db
    .select({
      channelLayeringPidId: channelLayering.id,
      channelId: payChannels.id,
      name: payChannels.name,
      displayName: payChannels.displayName,
      type: payChannels.type,
      enabled: payChannels.enabled,
      shown: payChannels.shown,
    })
    .from(channelLayering)
    .innerJoin(payChannels, eq(payChannels.id, channelLayering.channelId))
    .where(eq(channelLayering.layeringId, layeringId))
    .orderBy(asc(payChannels.sort), asc(payChannels.id));
  return {
    list: list.map((l) => ({ ...l, type: l.type as ChannelType })),
    total: list.length,
    pageNum: 1,
    pageSize: Math.max(list.length, 1),
  };
}

/** Attaches channels to a tier; channels already attached are left as they are. */
export async function addTierChannels(ctx: AppContext, layeringId: number, channelIds: number[]): Promise<{ added: number }> {
  const ids = [...new Set(channelIds)];
  return ctx.db.transaction(async (tx) => {
    await tierOrFail(tx, layeringId, true);
    const found = await tx.select({ id: payChannels.id }).from(payChannels).where(inArray(payChannels.id, ids));
    const known = new Set(found.map((f) => f.id));
    const missing = ids.filter((i) => !known.has(i));
    if (missing.length) throw fail('layering.channels_unknown', { ids: missing.join(', ') });
    const added = await tx
      .insert(channelLayering)
      .values(ids.map((channelId) => ({ layeringId, channelId })))
      .onConflictDoNothing()
      .returning({ id: channelLayering.id });
    return { added: added.length };
  });
}

export async function deleteTierChannel(ctx: AppContext, linkId: number): Promise<{ before: { layeringId: number; channelId: number } }> {
  const [gone] = await ctx.db
    .delete(channelLayering)
    .where(eq(channelLayering.id, linkId))
    .returning({ layeringId: channelLayering.layeringId, channelId: channelLayering.channelId });
  if (!gone) throw fail('layering.channel_link_not_found');
  return { before: gone };
}

export async function deleteAllTierChannels(ctx: AppContext, layeringId: number): Promise<{ deleted: number; before: number[] }> {
  return ctx.db.transaction(async (tx) => {
    await tierOrFail(tx, layeringId, true);
    const gone = await tx
      .delete(channelLayering)
      .where(eq(channelLayering.layeringId, layeringId))
      .returning({ channelId: channelLayering.channelId });
    return { deleted: gone.length, before: gone.map((g) => g.channelId) };
  });
}

// ---------- tier membership (users.layering_id / users.layering_pinned) ----------

/**
 * The channels a user may pay into: the enabled, shown channels of the user's tier; when the user
 * has no tier, or the tier has none of those, the default tier's; when no default tier is defined
 * either, every enabled, shown channel (layering not in use).
 */
export async function allowedChannelIds(db: Db, userId: number): Promise<number[]> {
  const r = rows<{ channel_id: number | null }>(await db.execute(allowedChannelsSql(userId)));
  return r.map((x) => x.channel_id!).filter((x) => x != null);
}

/** allowedChannelIds as a query of one column, `channel_id` (a subquery of the caller's statement). */
export const allowedChannelsSql = (userId: number | Placeholder) => sql`
  WITH u AS (SELECT layering_id FROM users WHERE id = ${userId}),
  live AS (
    SELECT cl.layering_id, c.id AS channel_id, c.sort
    FROM channel_layering cl JOIN pay_channels c ON c.id = cl.channel_id
    WHERE c.enabled AND c.shown
  ),
  own AS (SELECT l.channel_id, l.sort FROM live l WHERE l.layering_id = (SELECT layering_id FROM u)),
  dflt AS (SELECT l.channel_id, l.sort FROM live l JOIN layering_tiers t ON t.id = l.layering_id AND t.is_default)
  SELECT channel_id FROM own
  UNION ALL
  SELECT channel_id FROM dflt WHERE NOT EXISTS (SELECT 1 FROM own)
  UNION ALL
  SELECT c.id FROM pay_channels c
    WHERE c.enabled AND c.shown AND NOT EXISTS (SELECT 1 FROM own)
      AND NOT EXISTS (SELECT 1 FROM layering_tiers WHERE is_default)`;

/** Moves a tier's users back to "no tier" (deleting the tier). */
async function releaseTierUsers(db: Db, layeringId: number): Promise<number> {
  const r = rows<{ id: number }>(
    await db.execute(sql`UPDATE users SET layering_id = NULL, layering_pinned = false WHERE layering_id = ${layeringId} RETURNING id`),
  );
  return r.length;
}

/**
 * The tier SQL picks for users from their history: among the tiers that are not the default and
 * have at least one threshold, those whose every threshold the user reaches (successful deposits:
 * count and sum; paid withdrawals: count and sum); the most demanding one wins (deposit amount,
 * then deposit count, withdrawal amount, withdrawal count). None → no tier (the default).
 */
const TARGET_TIER = sql`(
  SELECT t.id FROM layering_tiers t
  WHERE NOT t.is_default
    AND (t.pay_nums IS NOT NULL OR t.pay_money IS NOT NULL OR t.withdrawal_money IS NOT NULL OR t.withdrawal_nums IS NOT NULL)
    AND (t.pay_nums IS NULL OR s.pay_nums >= t.pay_nums)
    AND (t.pay_money IS NULL OR s.pay_money >= t.pay_money)
    AND (t.withdrawal_nums IS NULL OR s.withdrawal_nums >= t.withdrawal_nums)
    AND (t.withdrawal_money IS NULL OR s.withdrawal_money >= t.withdrawal_money)
  ORDER BY coalesce(t.pay_money, 0) DESC, coalesce(t.pay_nums, 0) DESC,
           coalesce(t.withdrawal_money, 0) DESC, coalesce(t.withdrawal_nums, 0) DESC, t.id
  LIMIT 1)`;

/** Per-user history: successful deposits and paid withdrawals (count and sum). */
const HISTORY = sql`(
  SELECT u.id AS user_id,
         coalesce(r.n, 0) AS pay_nums, coalesce(r.total, 0) AS pay_money,
         coalesce(w.n, 0) AS withdrawal_nums, coalesce(w.total, 0) AS withdrawal_money
  FROM users u
  LEFT JOIN (SELECT user_id, count(*) AS n, sum(amount) AS total FROM recharge_orders WHERE status = 1 GROUP BY user_id) r ON r.user_id = u.id
  LEFT JOIN (SELECT user_id, count(*) AS n, sum(amount) AS total FROM withdrawals WHERE status = 1 GROUP BY user_id) w ON w.user_id = u.id)`;

/**
 * Places every unpinned user (or one user) into the tier their real history earns.
 * Runs as one statement, so it is safe to run while deposits are confirmed.
 */
export async function recomputeTiers(ctx: AppContext, opts: { userId?: number; db?: Db } = {}): Promise<LayeringRecomputeData> {
  const db = opts.db ?? ctx.db;
  const only = opts.userId != null ? sql`AND u.id = ${opts.userId}` : sql``;
  const [r] = rows<{ checked: number; moved: number; pinned: number }>(
    await db.execute(sql`
      WITH s AS ${HISTORY},
      target AS (
        SELECT u.id, u.layering_id AS current, ${TARGET_TIER} AS tier
        FROM users u LEFT JOIN s ON s.user_id = u.id
        WHERE NOT u.layering_pinned AND u.deleted_at IS NULL ${only}
      ),
      moved AS (
        UPDATE users u SET layering_id = target.tier
        FROM target WHERE u.id = target.id AND u.layering_id IS DISTINCT FROM target.tier
        RETURNING u.id
      )
      SELECT (SELECT count(*)::int FROM target) AS checked,
             (SELECT count(*)::int FROM moved) AS moved,
             (SELECT count(*)::int FROM users u WHERE u.layering_pinned AND u.deleted_at IS NULL ${only}) AS pinned`),
  );
  return { checked: r?.checked ?? 0, moved: r?.moved ?? 0, pinned: r?.pinned ?? 0 };
}

/** Pins a user to a tier (the recompute leaves them alone), or unpins and re-places them from history. */
export async function pinUserTier(ctx: AppContext, userId: number, layeringId: number | undefined) {
  return ctx.db.transaction(async (tx) => {
    const [before] = rows<{ layering_id: number | null; layering_pinned: boolean }>(
      await tx.execute(sql`SELECT layering_id, layering_pinned FROM users WHERE id = ${userId} AND deleted_at IS NULL FOR UPDATE`),
    );
    if (!before) throw fail('layering.user_not_found');
    if (layeringId != null) {
      await tierOrFail(tx, layeringId);
      await tx.execute(sql`UPDATE users SET layering_id = ${layeringId}, layering_pinned = true WHERE id = ${userId}`);
    } else {
      await tx.execute(sql`UPDATE users SET layering_pinned = false WHERE id = ${userId}`);
      await recomputeTiers(ctx, { userId, db: tx });
    }
    const [after] = rows<{ layering_id: number | null; layering_pinned: boolean }>(
      await tx.execute(sql`SELECT layering_id, layering_pinned FROM users WHERE id = ${userId}`),
    );
    return {
      data: { userId, layeringId: after!.layering_id, pinned: after!.layering_pinned },
      before: { layeringId: before.layering_id, pinned: before.layering_pinned },
    };
  });
}
