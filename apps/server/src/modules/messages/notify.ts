import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/rows.js';

/**
 * A system station message (no admin sender) to the given users, written set-based: one message row and
 * one recipient row per user, whatever their number, inside the caller's transaction so it is sent only
 * when the change it reports is committed. Domains tell users about their own records this way
 * (allotments, conversions, reviews).
 */
export async function notifyUsers(tx: Db, userIds: readonly number[], text: { title: string; content: string }): Promise<void> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return;
  const [m] = rows<{ id: number }>(
    await tx.execute(sql`
      INSERT INTO station_messages (title, content, audience, recipient_count)
      VALUES (${text.title}, ${text.content}, 'users', ${ids.length}) RETURNING id`),
  );
  await tx.execute(sql`
    INSERT INTO station_message_recipients (message_id, user_id)
    SELECT ${m!.id}, u FROM unnest(${`{${ids.join(',')}}`}::int[]) AS u`);
}
