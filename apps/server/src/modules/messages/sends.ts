import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Audience, DeliveryStatus, Lang, SendItem, deliveryQuery, sendInput, sendListQuery } from '@stock-admin/contracts';
import type { Db } from '../../db/client.js';
import { messageSends } from '../../db/schema/index.js';
import { rows } from '../../db/migrate.js';
import { isoTimestamp } from '../../db/timestamps.js';
import type { AppContext, Principal } from '../../http/context.js';
import { fail } from '../../http/errors.js';
import { agentScope } from '../agents/scope.js';
import { audienceWhere, checkAudience, countAudience, scopeAgentOf, scopeOfAgent } from '../users/audience.js';
import { maskPhone } from '../users/shapes.js';
import { fillSql } from '../users/template-values.js';
import { sendPush } from '../../lib/push.js';
import { sendSms } from '../../lib/sms.js';
import { getTemplate } from './templates.js';
import './messages.js';

type Row = typeof messageSends.$inferSelect;
/** Station recipients per chunk (one statement each); SMS and push go through their provider one by one. */
const STATION_CHUNK = 5000;
const PROVIDER_CHUNK = 200;

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

/**
 * Queues a send (a template's or a composed one) to an audience and answers at once: the job writes the messages
 * (see {@link runSends}). The audience is checked against the sender's scope now and kept for the job.
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
    db
      .select()
      .from(messageSends)
      .where(cond)
      .orderBy(desc(messageSends.id))
      .limit(q.pageSize)
      .offset((q.pageNum - 1) * q.pageSize),
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
                   ORDER BY (d.status = 'sent'), d.user_id LIMIT ${q.pageSize} OFFSET ${(q.pageNum - 1) * q.pageSize}`),
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

// ---- the job ----

interface ChunkUser {
  id: number;
  phone: string;
  title: string;
  content: string;
  tokens: { platform: 'ios' | 'android'; token: string }[] | null;
}

const hasVariables = (s: string) => s.includes('{{');

/** Locks the next send with work due (another worker's send is skipped), in the caller's transaction. */
async function claimDue(tx: Db, now: Date): Promise<Row | null> {
  const [r] = rows<{ id: number }>(
    await tx.execute(sql`
      SELECT id FROM message_sends
      WHERE status IN ('queued', 'running') OR (status = 'scheduled' AND scheduled_at <= ${now.toISOString()}::timestamptz)
      ORDER BY scheduled_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`),
  );
  if (!r) return null;
  const [s] = await tx
    .select()
    .from(messageSends)
    .where(eq(messageSends.id, Number(r.id)));
  return s ?? null;
}

/** One station chunk, written in the transaction that holds the send: recipient rows with their text, deliveries, progress. */
async function stationChunk(tx: Db, s: Row, now: Date): Promise<number> {
  let messageId = s.stationMessageId;
  if (messageId == null) {
    const [m] = rows<{ id: number }>(
      await tx.execute(sql`
        INSERT INTO station_messages (title, content, audience, scope_agent_id, recipient_count, admin_id, admin_name, created_at)
        VALUES (${s.title}, ${s.content}, 'users', ${s.scopeAgentId}, ${s.total}, ${s.adminId}, ${s.adminName}, ${now.toISOString()}::timestamptz)
        RETURNING id`),
    );
    messageId = Number(m!.id);
  }
  const title = hasVariables(s.title) ? fillSql(s.title, now) : sql`NULL::text`;
  const content = hasVariables(s.content) ? fillSql(s.content, now) : sql`NULL::text`;
  const where = audienceWhere(scopeOfAgent(s.scopeAgentId), s.audience as Audience);
  const [r] = rows<{ n: number; last: number | null }>(
    await tx.execute(sql`
      WITH c AS (
        SELECT u.id, ${title} AS title, ${content} AS content FROM users u LEFT JOIN agents a ON a.id = u.agent_id
        WHERE u.id > ${s.cursor} AND ${where} ORDER BY u.id LIMIT ${STATION_CHUNK}),
      r AS (INSERT INTO station_message_recipients (message_id, user_id, title, content)
            SELECT ${messageId}, id, title, content FROM c ON CONFLICT DO NOTHING),
      d AS (INSERT INTO message_deliveries (send_id, user_id, status) SELECT ${s.id}, id, 'sent' FROM c ON CONFLICT DO NOTHING)
      SELECT count(*)::int AS n, max(id) AS last FROM c`),
  );
  const n = r?.n ?? 0;
  if (n === 0) {
    await tx.execute(sql`UPDATE station_messages SET recipient_count = ${s.done} WHERE id = ${messageId}`);
    await finish(tx, s.id, now);
  } else {
    await tx
      .update(messageSends)
      .set({
        status: 'running',
        stationMessageId: messageId,
        cursor: Number(r!.last),
        done: sql`${messageSends.done} + ${n}`,
        startedAt: s.startedAt ?? now,
      })
      .where(eq(messageSends.id, s.id));
  }
  return n;
}

const finish = (tx: Db, id: number, now: Date) =>
  tx
    .update(messageSends)
    .set({ status: 'done', retrying: false, finishedAt: now, total: sql`greatest(${messageSends.done}, 0)` })
    .where(eq(messageSends.id, id));

/**
 * Takes the next SMS / push chunk in the transaction that holds the send: the users (or, retrying, the failed
 * deliveries) after the cursor, recorded as `failed: interrupted` until their provider answers, so a crash in
 * between never sends twice and shows as a failure an operator can retry.
 */
async function takeProviderChunk(tx: Db, s: Row, now: Date): Promise<ChunkUser[]> {
  const where = audienceWhere(scopeOfAgent(s.scopeAgentId), s.audience as Audience);
  const source = s.retrying
    ? sql`FROM message_deliveries d JOIN users u ON u.id = d.user_id LEFT JOIN agents a ON a.id = u.agent_id
          WHERE d.send_id = ${s.id} AND d.status = 'failed' AND u.id > ${s.cursor}`
    : sql`FROM users u LEFT JOIN agents a ON a.id = u.agent_id WHERE u.id > ${s.cursor} AND ${where}`;
  const tokens =
    s.channel === 'push'
      ? sql`(SELECT json_agg(json_build_object('platform', v.platform, 'token', v.token)) FROM user_devices v WHERE v.user_id = u.id)`
      : sql`NULL::json`;
  const list = rows<ChunkUser>(
    await tx.execute(sql`
      SELECT u.id, u.phone, ${fillSql(s.title, now)} AS title, ${fillSql(s.content, now)} AS content, ${tokens} AS tokens
      ${source} ORDER BY u.id LIMIT ${PROVIDER_CHUNK}`),
  );
  if (list.length === 0) {
    await finish(tx, s.id, now);
    return list;
  }
  const ids = `{${list.map((u) => u.id).join(',')}}`;
  if (s.retrying) {
    await tx.execute(sql`UPDATE message_deliveries SET attempts = attempts + 1, error = 'interrupted', updated_at = now()
                         WHERE send_id = ${s.id} AND user_id = ANY(${ids}::int[])`);
  } else {
    await tx.execute(sql`INSERT INTO message_deliveries (send_id, user_id, status, error)
                         SELECT ${s.id}, x, 'failed', 'interrupted' FROM unnest(${ids}::int[]) AS x ON CONFLICT DO NOTHING`);
  }
  // counted as failed until each answer comes in (a retry's users are already counted)
  const added = s.retrying ? 0 : list.length;
  await tx
    .update(messageSends)
    .set({
      status: 'running',
      cursor: list[list.length - 1]!.id,
      done: sql`${messageSends.done} + ${added}`,
      failed: sql`${messageSends.failed} + ${added}`,
      startedAt: s.startedAt ?? now,
    })
    .where(eq(messageSends.id, s.id));
  return list;
}

/** Delivers one taken chunk through the provider and records each recipient's outcome. */
async function deliverChunk(ctx: AppContext, s: Row, list: ChunkUser[]): Promise<void> {
  const outcomes: { id: number; status: DeliveryStatus; error: string | null }[] = [];
  for (const u of list) {
    if (s.channel === 'sms') {
      const r = await sendSms(ctx, { phone: u.phone, content: `【${u.title}】${u.content}`, kind: 'notice', adminId: s.adminId });
      outcomes.push({ id: u.id, status: r.ok ? 'sent' : 'failed', error: r.ok ? null : (r.error ?? 'failed').slice(0, 300) });
      continue;
    }
    if (!u.tokens?.length) {
      outcomes.push({ id: u.id, status: 'no_device', error: null });
      continue;
    }
    let ok = false;
    let error: string | null = null;
    for (const d of u.tokens) {
      const r = await sendPush(ctx, {
        platform: d.platform,
        target: d.token,
        title: u.title,
        body: u.content,
        adminId: s.adminId,
        userId: u.id,
        data: { sendId: s.id },
      });
      ok ||= r.ok;
      error ??= r.error;
    }
    outcomes.push({ id: u.id, status: ok ? 'sent' : 'failed', error: ok ? null : (error ?? 'failed').slice(0, 300) });
  }
  const payload = JSON.stringify(outcomes);
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`
      UPDATE message_deliveries d SET status = o.status, error = o.error, updated_at = now()
      FROM json_to_recordset(${payload}::json) AS o (id int, status text, error text)
      WHERE d.send_id = ${s.id} AND d.user_id = o.id`);
    const recovered = outcomes.filter((o) => o.status !== 'failed').length;
    const noDevice = outcomes.filter((o) => o.status === 'no_device').length;
    await tx
      .update(messageSends)
      .set({ failed: sql`${messageSends.failed} - ${recovered}`, noDevice: sql`${messageSends.noDevice} + ${noDevice}` })
      .where(eq(messageSends.id, s.id));
  });
}

/**
 * The send worker: chunk after chunk of every due send until none is left. Each chunk holds its send's row lock,
 * so workers on several instances (the scheduled job, a kick after a request) never write the same chunk; a
 * chunk's recipients are keyed (send, user), so nobody gets a send twice.
 */
export async function runSends(
  ctx: AppContext,
  opts: { now?: () => Date; maxChunks?: number } = {},
): Promise<{ chunks: number; recipients: number }> {
  const now = opts.now ?? (() => new Date());
  let chunks = 0;
  let recipients = 0;
  while (chunks < (opts.maxChunks ?? Infinity)) {
    let taken: { s: Row; list: ChunkUser[] } | null = null;
    let n = 0;
    let found = false;
    let claimed: number | null = null;
    try {
      await ctx.db.transaction(async (tx) => {
        const s = await claimDue(tx, now());
        if (!s) return;
        found = true;
        claimed = s.id;
        if (s.channel === 'station') n = await stationChunk(tx, s, now());
        else taken = { s, list: await takeProviderChunk(tx, s, now()) };
      });
    } catch (err) {
      if (claimed == null) throw err;
      await markFailed(ctx, claimed, err);
      continue;
    }
    if (!found) return { chunks, recipients };
    const t = taken as { s: Row; list: ChunkUser[] } | null;
    if (t && t.list.length) {
      await deliverChunk(ctx, t.s, t.list);
      n = t.list.length;
    }
    chunks++;
    recipients += n;
  }
  return { chunks, recipients };
}

/** A chunk that threw stops its send as `failed` with the error (retry resumes it), so the worker does not spin. */
async function markFailed(ctx: AppContext, id: number, err: unknown): Promise<void> {
  const msg = (err instanceof Error ? err.message : String(err)).slice(0, 300);
  await ctx.db.update(messageSends).set({ status: 'failed', error: msg, finishedAt: new Date() }).where(eq(messageSends.id, id));
}

const kicks = new WeakMap<AppContext, { running: boolean; again: boolean; done?: Promise<void> }>();

/** Starts the worker in this process now (a request just queued work); a worker already running takes it on. */
export function kickSends(ctx: AppContext): Promise<void> {
  const k = kicks.get(ctx) ?? { running: false, again: false };
  kicks.set(ctx, k);
  if (k.running) {
    k.again = true;
    return k.done!;
  }
  k.running = true;
  k.done = (async () => {
    try {
      do {
        k.again = false;
        await runSends(ctx);
      } while (k.again);
    } catch (err) {
      // the scheduled job picks the work up again; a closed database at shutdown is expected
      if (!/closed|terminat|ended/i.test(String(err))) console.error('message sends worker', err);
    } finally {
      k.running = false;
    }
  })();
  return k.done;
}
