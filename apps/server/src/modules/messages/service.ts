import { and, count, desc, eq, gte, ilike, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Page, StationMessageItem, sendStationInput, stationListQuery, stationRecipientsQuery } from '@stock-admin/contracts';
import { stationMessageRecipients, stationMessages } from './tables.js';
import { users } from '../_kit/parties.js';
import { rows } from '../../db/rows.js';
import { isoTimestamp } from '../../db/timestamps.js';
import type { AppContext, Principal } from '../../app/context.js';
import { fail, invalid } from '../../http/errors.js';
import { agentScope, isAgentStaff } from '../agents/index.js';
import './messages.js';
import { likeContains } from '../../db/like.js';
import { maskPhone } from '../users/index.js';
import { onePage, pageSql } from '../../db/paging.js';
import { executeList } from '../../db/named.js';

type Audit = (a: { targetId?: string | number | null; before?: unknown; after?: unknown }) => void;
type MessageRow = typeof stationMessages.$inferSelect;

/** Agent staff see the messages sent within their subtree; platform staff see every message. */
function messageScope(actor: Principal): SQL | undefined {
  return isAgentStaff(actor) ? agentScope(actor, stationMessages.scopeAgentId) : undefined;
}

async function readCounts(ctx: AppContext, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const r = await ctx.db
    .select({ id: stationMessageRecipients.messageId, n: count() })
    .from(stationMessageRecipients)
    .where(and(inArray(stationMessageRecipients.messageId, ids), sql`${stationMessageRecipients.readAt} IS NOT NULL`))
    .groupBy(stationMessageRecipients.messageId);
  return new Map(r.map((x) => [Number(x.id), Number(x.n)]));
}

const toItem = (m: MessageRow, reads: number): StationMessageItem => ({
  id: m.id,
  title: m.title,
  content: m.content,
  audience: m.audience as StationMessageItem['audience'],
  recipientCount: m.recipientCount,
  readCount: reads,
  adminId: m.adminId,
  adminName: m.adminName,
  createdAt: m.createdAt.toISOString(),
  withdrawn: m.deletedAt != null,
});

export async function listMessages(
  ctx: AppContext,
  actor: Principal,
  q: z.output<typeof stationListQuery>,
): Promise<Page<StationMessageItem>> {
  const w: (SQL | undefined)[] = [messageScope(actor)];
  if (q.title) w.push(ilike(stationMessages.title, likeContains(q.title)));
  if (q.audience) w.push(eq(stationMessages.audience, q.audience));
  if (q.beginTime) w.push(gte(stationMessages.createdAt, new Date(q.beginTime)));
  if (q.endTime) w.push(lte(stationMessages.createdAt, new Date(q.endTime)));
  const cond = and(...w.filter((x): x is SQL => !!x));
  const [list, [total]] = await Promise.all([
    onePage(ctx.db.select().from(stationMessages).where(cond).orderBy(desc(stationMessages.id)).$dynamic(), q),
    ctx.db.select({ n: count() }).from(stationMessages).where(cond),
  ]);
  const reads = await readCounts(
    ctx,
    list.map((m) => m.id),
  );
  return { list: list.map((m) => toItem(m, reads.get(m.id) ?? 0)), total: Number(total?.n ?? 0), pageNum: q.pageNum, pageSize: q.pageSize };
}

/**
 * Sends a message: to chosen users (each must exist and be in the sender's scope), or to all users.
 * For agent staff "all" means their subtree's users, written as recipient rows; for the platform no
 * rows are written up front (see the migration).
 */
export async function sendMessage(
  ctx: AppContext,
  actor: Principal,
  input: z.output<typeof sendStationInput>,
  audit: Audit,
): Promise<StationMessageItem> {
  const scoped = isAgentStaff(actor);
  const id = await ctx.db.transaction(async (tx) => {
    let userIds: number[] = [];
    if (input.audience === 'users') {
      userIds = [...new Set(input.userIds ?? [])];
      const found = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, userIds), isNull(users.deletedAt), agentScope(actor, users.agentId)));
      if (found.length !== userIds.length) throw invalid('userIds', 'reason.station_unknown_users');
    }
    const [m] = await tx
      .insert(stationMessages)
      .values({
        title: input.title,
        content: input.content,
        audience: input.audience,
        scopeAgentId: scoped ? actor.agentId : null,
        adminId: actor.adminId,
        adminName: actor.username,
      })
      .returning({ id: stationMessages.id, createdAt: stationMessages.createdAt });
    let recipients: number;
    if (input.audience === 'users') {
      await tx.insert(stationMessageRecipients).values(userIds.map((userId) => ({ messageId: m!.id, userId })));
      recipients = userIds.length;
    } else if (scoped) {
      const r = rows<{ n: number }>(
        await tx.execute(sql`
          WITH ins AS (
            INSERT INTO station_message_recipients (message_id, user_id)
            SELECT ${m!.id}, u.id FROM users u WHERE u.deleted_at IS NULL AND ${agentScope(actor, sql`u.agent_id`) ?? sql`true`}
            RETURNING 1)
          SELECT count(*)::int AS n FROM ins`),
      );
      recipients = r[0]?.n ?? 0;
    } else {
      const [n] = await tx
        .select({ n: count() })
        .from(users)
        .where(and(isNull(users.deletedAt), lte(users.regTime, m!.createdAt)));
      recipients = Number(n?.n ?? 0);
    }
    await tx.update(stationMessages).set({ recipientCount: recipients }).where(eq(stationMessages.id, m!.id));
    return m!.id;
  });
  const [m] = await ctx.db.select().from(stationMessages).where(eq(stationMessages.id, id));
  audit({ targetId: id, after: { title: m!.title, audience: m!.audience, recipients: m!.recipientCount } });
  return toItem(m!, 0);
}

async function scopedMessage(ctx: AppContext, actor: Principal, id: number): Promise<MessageRow> {
  const [m] = await ctx.db
    .select()
    .from(stationMessages)
    .where(and(eq(stationMessages.id, id), messageScope(actor)))
    .limit(1);
  if (!m) throw fail('station_not_found');
  return m;
}

/** Recipients and read state: the rows of a message, or for a platform "all" every user registered by then. */
export async function listRecipients(ctx: AppContext, actor: Principal, q: z.output<typeof stationRecipientsQuery>) {
  const m = await scopedMessage(ctx, actor, q.id);
  const broadcast = m.audience === 'all' && m.scopeAgentId == null;
  const readCond = q.read === undefined ? sql`true` : q.read ? sql`r.read_at IS NOT NULL` : sql`r.read_at IS NULL`;
  const scope = agentScope(actor, sql`u.agent_id`) ?? sql`true`;
  const from = broadcast
    ? sql`FROM users u LEFT JOIN station_message_recipients r ON r.message_id = ${m.id} AND r.user_id = u.id
          WHERE u.deleted_at IS NULL AND u.reg_time <= ${m.createdAt.toISOString()}::timestamptz AND ${scope} AND ${readCond}`
    : sql`FROM station_message_recipients r JOIN users u ON u.id = r.user_id
          WHERE r.message_id = ${m.id} AND ${scope} AND ${readCond}`;
  const [list, total] = await Promise.all([
    ctx.db.execute(sql`SELECT u.id AS user_id, u.phone, u.nick_name, r.read_at ${from} ORDER BY u.id ${pageSql(q)}`),
    ctx.db.execute(sql`SELECT count(*)::int AS n ${from}`),
  ]);
  return {
    list: rows<{ user_id: number; phone: string; nick_name: string; read_at: string | Date | null }>(list).map((r) => ({
      userId: r.user_id,
      phone: maskPhone(r.phone),
      nickName: r.nick_name,
      readAt: isoTimestamp(r.read_at),
    })),
    total: rows<{ n: number }>(total)[0]?.n ?? 0,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

export async function withdrawMessage(ctx: AppContext, actor: Principal, id: number, audit: Audit): Promise<null> {
  const m = await scopedMessage(ctx, actor, id);
  if (!m.deletedAt) await ctx.db.update(stationMessages).set({ deletedAt: new Date() }).where(eq(stationMessages.id, m.id));
  audit({ targetId: m.id, before: { title: m.title, withdrawn: m.deletedAt != null }, after: { withdrawn: true } });
  return null;
}

// ---- the end user's side (app API) ----

/** The messages a user sees: their rows, and platform broadcasts sent after they registered. */
const visibleTo = (userId: number) => sql`
  m.deleted_at IS NULL AND (
    EXISTS (SELECT 1 FROM station_message_recipients x WHERE x.message_id = m.id AND x.user_id = ${userId})
    OR (m.audience = 'all' AND m.scope_agent_id IS NULL
        AND m.created_at >= (SELECT u.reg_time FROM users u WHERE u.id = ${userId})))`;

async function unreadCount(ctx: AppContext, userId: number): Promise<number> {
  const r = rows<{ n: number }>(
    await executeList(
      ctx.db,
      sql`
      SELECT count(*)::int AS n FROM station_messages m
      LEFT JOIN station_message_recipients r ON r.message_id = m.id AND r.user_id = ${userId}
      WHERE ${visibleTo(userId)} AND r.read_at IS NULL`,
    ),
  );
  return r[0]?.n ?? 0;
}

export async function userMessages(ctx: AppContext, userId: number, q: { pageNum: number; pageSize: number; unread?: boolean }) {
  const filter = q.unread ? sql`AND r.read_at IS NULL` : sql``;
  const base = sql`FROM station_messages m
    LEFT JOIN station_message_recipients r ON r.message_id = m.id AND r.user_id = ${userId}
    WHERE ${visibleTo(userId)} ${filter}`;
  // written together on a pipelined connection as named statements (db/named.ts): a platform user's hot read
  const [list, total, unread] = await Promise.all([
    executeList(
      ctx.db,
      sql`SELECT m.id, coalesce(r.title, m.title) AS title, coalesce(r.content, m.content) AS content, m.created_at, r.read_at ${base} ORDER BY m.id DESC ${pageSql(q)}`,
    ),
    executeList(ctx.db, sql`SELECT count(*)::int AS n ${base}`),
    unreadCount(ctx, userId),
  ]);
  return {
    list: rows<{ id: string | number; title: string; content: string; created_at: string | Date; read_at: string | Date | null }>(list).map(
      (r) => ({
        id: Number(r.id),
        title: r.title,
        content: r.content,
        createdAt: isoTimestamp(r.created_at),
        readAt: isoTimestamp(r.read_at),
      }),
    ),
    total: rows<{ n: number }>(total)[0]?.n ?? 0,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
    unread,
  };
}

/** Marks messages the user can see as read (the first reading time is kept). */
export async function markRead(ctx: AppContext, userId: number, input: { ids?: number[]; all?: boolean }): Promise<{ unread: number }> {
  const which = input.all
    ? sql`true`
    : input.ids?.length
      ? sql`m.id IN (${sql.join(
          input.ids.map((i) => sql`${i}`),
          sql`, `,
        )})`
      : sql`false`;
  await ctx.db.execute(sql`
    INSERT INTO station_message_recipients (message_id, user_id, read_at)
    SELECT m.id, ${userId}, now() FROM station_messages m WHERE ${visibleTo(userId)} AND ${which}
    ON CONFLICT (message_id, user_id) DO UPDATE SET read_at = coalesce(station_message_recipients.read_at, EXCLUDED.read_at)`);
  return { unread: await unreadCount(ctx, userId) };
}
