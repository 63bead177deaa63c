import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Audience, DeliveryStatus, Lang, SendItem, deliveryQuery, sendInput, sendListQuery } from '@stock-admin/contracts';
import type { Db } from '../../db/client.js';
import { messageSends } from './tables.js';
import { rows } from '../../db/rows.js';
import { isoTimestamp } from '../../db/timestamps.js';
import type { AppContext, Principal } from '../../app/context.js';
import { fail } from '../../http/errors.js';
import { agentScope } from '../_kit/scope.js';
import { checkAudience, countAudience, scopeAgentOf, maskPhone } from '../users/index.js';
import { getTemplate } from './templates.js';
import './messages.js';
import { onePage, pageSql } from '../../db/paging.js';

// The request side of message sends: queue, list, inspect, cancel and retry. The worker that writes the
// messages is send-worker.ts.

type Row = typeof messageSends.$inferSelect;

export const toSend = (r: Row): SendItem => ({
  id: r.id,
  templateId: r.templateId,
  templateName: r.templateName,
  channel: r.channel as SendItem['channel'],
  title: r.title,
  content: r.content,
  audienceKind: (r.audience as Audience).kind,
  audienceLabel: r.audienceLabel,
  status: r.status as SendItem['status'],
  scheduledAt: r.scheduledAt.toISOString(),
  total: r.total,
  done: r.done,
  sent: r.done - r.failed - r.noDevice,
  failed: r.failed,
  noDevice: r.noDevice,
  error: r.error,
  adminName: r.adminName,
  createdAt: r.createdAt.toISOString(),
  startedAt: r.startedAt?.toISOString() ?? null,
  finishedAt: r.finishedAt?.toISOString() ?? null,
});

/** Agent staff see their own line's sends; the platform sees all. */
const sendScope = (actor: Principal) => agentScope(actor, messageSends.scopeAgentId);

/** Who a send would reach now: its label and how many users (a send's confirmation names both). */
export async function audienceSize(ctx: AppContext, actor: Principal, audience: Audience, lang: Lang) {
  const label = await checkAudience(ctx.db, actor, audience, lang);
  const count = audience.kind === 'users' ? audience.userIds.length : await countAudience(ctx.db, actor, audience);
  return { count, label };
}

/**
 * Queues a send (a template's or a composed one) to an audience and answers at once: the job writes the messages
 * (see runSends in send-worker.ts). The audience is checked against the sender's scope now and kept for the job.
 */
export async function createSend(
  ctx: AppContext,
  actor: Principal,
  input: z.output<typeof sendInput>,
  lang: Lang,
  now = new Date(),
): Promise<Row> {
  const tpl = input.templateId ? await getTemplate(ctx.db, input.templateId) : null;
  const label = await checkAudience(ctx.db, actor, input.audience, lang);
  // chosen users were just counted by the check (every one found in scope), so only other audiences are counted
  const total = input.audience.kind === 'users' ? input.audience.userIds.length : await countAudience(ctx.db, actor, input.audience);
  if (total === 0) throw fail('msg_send_empty');
  const at = input.scheduleAt ? new Date(input.scheduleAt) : null;
  if (at && at.getTime() <= now.getTime()) throw fail('msg_schedule_past');
  const [r] = await ctx.db
    .insert(messageSends)
    .values({
      templateId: tpl?.id ?? null,
      templateName: tpl?.name ?? null,
      channel: tpl?.channel ?? input.channel!,
      title: tpl?.title ?? input.title!,
      content: tpl?.content ?? input.content!,
      audience: input.audience,
      audienceLabel: label,
      scopeAgentId: scopeAgentOf(actor),
      status: at ? 'scheduled' : 'queued',
      scheduledAt: at ?? now,
      total,
      adminId: actor.adminId,
      adminName: actor.username,
    })
    .returning();
  return r!;
}

export async function listSends(db: Db, actor: Principal, q: z.output<typeof sendListQuery>) {
  const w: (SQL | undefined)[] = [sendScope(actor)];
  if (q.channel) w.push(eq(messageSends.channel, q.channel));
  if (q.status) w.push(eq(messageSends.status, q.status));
  if (q.templateId) w.push(eq(messageSends.templateId, q.templateId));
  const cond = and(...w);
  const [list, [total]] = await Promise.all([
    onePage(db.select().from(messageSends).where(cond).orderBy(desc(messageSends.id)).$dynamic(), q),
    db.select({ n: count() }).from(messageSends).where(cond),
  ]);
  return { list: list.map(toSend), total: Number(total?.n ?? 0), pageNum: q.pageNum, pageSize: q.pageSize };
}

export async function getSend(db: Db, actor: Principal, id: number): Promise<Row> {
  const [r] = await db
    .select()
    .from(messageSends)
    .where(and(eq(messageSends.id, id), sendScope(actor)))
    .limit(1);
  if (!r) throw fail('msg_send_not_found');
  return r;
}

export async function listDeliveries(db: Db, actor: Principal, q: z.output<typeof deliveryQuery>) {
  const s = await getSend(db, actor, q.id);
  const filter = q.status ? sql`AND d.status = ${q.status}` : sql``;
  const from = sql`FROM message_deliveries d JOIN users u ON u.id = d.user_id WHERE d.send_id = ${s.id} ${filter}`;
  const [list, total] = await Promise.all([
    db.execute(sql`SELECT d.user_id, u.phone, u.nick_name, d.status, d.error, d.attempts, d.updated_at ${from}
                   ORDER BY (d.status = 'sent'), d.user_id ${pageSql(q)}`),
    db.execute(sql`SELECT count(*)::int AS n ${from}`),
  ]);
  type R = {
    user_id: number;
    phone: string;
    nick_name: string;
    status: DeliveryStatus;
    error: string | null;
    attempts: number;
    updated_at: string | Date;
  };
  return {
    list: rows<R>(list).map((r) => ({
      userId: r.user_id,
      phone: maskPhone(r.phone),
      nickName: r.nick_name,
      status: r.status,
      error: r.error,
      attempts: r.attempts,
      updatedAt: isoTimestamp(r.updated_at)!,
    })),
    total: rows<{ n: number }>(total)[0]?.n ?? 0,
    pageNum: q.pageNum,
    pageSize: q.pageSize,
  };
}

/** Stops a send that has not ended; what was written stays written. */
export async function cancelSend(db: Db, actor: Principal, id: number): Promise<Row> {
  const s = await getSend(db, actor, id);
  const [r] = await db
    .update(messageSends)
    .set({ status: 'cancelled', finishedAt: new Date() })
    .where(and(eq(messageSends.id, s.id), sql`${messageSends.status} IN ('scheduled', 'queued', 'running')`))
    .returning();
  if (!r) throw fail('msg_send_not_cancellable');
  return r;
}

/**
 * Sends again where it failed: a failed job resumes where it stopped; an ended SMS or push send walks its failed
 * deliveries once more (each counted as another attempt).
 */
export async function retrySend(db: Db, actor: Principal, id: number): Promise<Row> {
  const s = await getSend(db, actor, id);
  if (s.status === 'failed') {
    const [r] = await db
      .update(messageSends)
      .set({ status: 'queued', error: null, finishedAt: null })
      .where(and(eq(messageSends.id, s.id), eq(messageSends.status, 'failed')))
      .returning();
    if (r) return r;
  }
  if (s.status !== 'done' && s.status !== 'cancelled') throw fail('msg_send_not_retryable');
  if (s.failed === 0) throw fail('msg_send_no_failures');
  const [r] = await db
    .update(messageSends)
    .set({ status: 'queued', retrying: true, cursor: 0, finishedAt: null })
    .where(and(eq(messageSends.id, s.id), eq(messageSends.status, s.status)))
    .returning();
  if (!r) throw fail('msg_send_not_retryable');
  return r;
}
