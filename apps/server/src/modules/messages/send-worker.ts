import { eq, sql } from 'drizzle-orm';
import type { Audience, DeliveryStatus } from '@stock-admin/contracts';
import type { Db } from '../../db/client.js';
import { messageSends } from './tables.js';
import { rows } from '../../db/rows.js';
import type { AppContext } from '../../app/context.js';
import { audienceWhere, scopeOfAgent, fillSql } from '../users/index.js';
import { sendPush } from '../logs/index.js';
import { sendSms } from '../logs/index.js';

/**
 * The send worker: writes the messages of the sends queued by sends.ts, chunk by chunk. Station messages go in
 * one statement per chunk; SMS and push are taken a chunk at a time, then delivered through their provider one
 * recipient at a time. Kept apart from the request side (create, list, cancel, retry in sends.ts), which only
 * queues work and reads its progress: this side runs in the scheduled job and in the kick after a request.
 */

type Row = typeof messageSends.$inferSelect;
/** Station recipients per chunk (one statement each); SMS and push go through their provider one by one. */
const STATION_CHUNK = 5000;
const PROVIDER_CHUNK = 200;

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
