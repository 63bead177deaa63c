import Decimal from 'decimal.js';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { SUB_STATUS, type Lang } from '@stock-admin/contracts';
import type { Db } from '../../db/client.js';
import { newshareSubscriptions } from './tables.js';
import { fail } from '../../http/errors.js';
import { post } from '../fundrecords/index.js';
import { convert } from './service.js';
import { reviewEach } from '../_kit/review.js';

/**
 * A record entered by mistake is deleted while nothing has happened to it yet (pending allotment). A
 * placement's frozen application money goes back to free cash in the same transaction; the fund records of
 * the freeze and the release stay as the history of what happened.
 */
export async function deleteSubscription(db: Db, id: number, adminId: number): Promise<typeof newshareSubscriptions.$inferSelect> {
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(newshareSubscriptions)
      .where(and(eq(newshareSubscriptions.id, id), eq(newshareSubscriptions.status, SUB_STATUS.pending)))
      .returning();
    if (!gone) {
      const [still] = await tx.select({ id: newshareSubscriptions.id }).from(newshareSubscriptions).where(eq(newshareSubscriptions.id, id));
      throw fail(still ? 'newshare.delete_moved' : 'newshare.sub_not_found');
    }
    if (new Decimal(gone.frozenAmount).gt(0))
      await post(tx, gone.userId, [
        { type: 'subscription_release', amount: gone.frozenAmount, reference: gone.orderNo, adminId, note: 'deleted' },
      ]);
    return gone;
  });
}

/** Converts the selected paid subscriptions one by one (the kit's loop); an id out of the caller's reach is refused as not found. */
export const batchConvert = (db: Db, ids: number[], adminId: number, lang: Lang, allowed: Set<number>) =>
  reviewEach(
    ids,
    lang,
    async (id) => {
      if (!allowed.has(id)) throw fail('newshare.sub_not_found');
      await convert(db, id, adminId);
    },
    'newshare.converted',
  );

/** Ids of the given records that the caller may act on (agent staff: their subtree), in one query. */
export function scopedIds(db: Db, ids: number[], scope: SQL | undefined): Promise<Set<number>> {
  return db
    .select({ id: newshareSubscriptions.id })
    .from(newshareSubscriptions)
    .where(and(sql`${newshareSubscriptions.id} = ANY(${`{${ids.join(',')}}`}::int[])`, scope))
    .then((r) => new Set(r.map((x) => x.id)));
}
