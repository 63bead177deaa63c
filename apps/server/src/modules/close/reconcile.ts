import Decimal from 'decimal.js';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  RECON_WINDOW_MINUTES,
  RechargeStatus,
  WithdrawStatus,
  type ReconDetail,
  type ReconItem,
  type ReconSummary,
} from '@stock-admin/contracts';
import type { AppContext } from '../../app/context.js';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/migrate.js';
import { onePage } from '../../db/paging.js';
import { fail } from '../../http/errors.js';
import { addDays, dayStart } from './statement.js';
import { parseStatement, type StatementLine } from './reconcile-parse.js';
import { reconItems, reconStatements } from './tables.js';

/** A confirmed deposit or a paid withdrawal of the channel on the day. */
interface Movement {
  orderNo: string;
  amount: Decimal;
  time: Date;
  userId: number;
  direction: 'in' | 'out';
}

async function platformMovements(db: Db, channelId: number, day: string): Promise<Movement[]> {
  const from = dayStart(day).toISOString();
  const to = dayStart(addDays(day, 1)).toISOString();
  const list = rows<{ order_no: string; amount: string; at: Date | string; user_id: number; direction: 'in' | 'out' }>(
    await db.execute(sql`
      SELECT order_no, amount::text, coalesce(reviewed_at, updated_at) AS at, user_id, 'in' AS direction FROM recharge_orders
      WHERE channel_id = ${channelId} AND status = ${RechargeStatus.SUCCESS}
        AND coalesce(reviewed_at, updated_at) >= ${from} AND coalesce(reviewed_at, updated_at) < ${to}
      UNION ALL
      SELECT order_no, amount::text, coalesce(reviewed_at, updated_at), user_id, 'out' FROM withdrawals
      WHERE payout_channel_id = ${channelId} AND status = ${WithdrawStatus.PAID}
        AND coalesce(reviewed_at, updated_at) >= ${from} AND coalesce(reviewed_at, updated_at) < ${to}
      ORDER BY 3`),
  );
  return list.map((r) => ({
    orderNo: r.order_no,
    amount: new Decimal(r.amount),
    time: new Date(r.at),
    userId: r.user_id,
    direction: r.direction,
  }));
}

type NewItem = typeof reconItems.$inferInsert;

/**
 * The three lists: a line and a movement of the same direction pair by reference (the platform's order number) first —
 * amounts that differ make an `amount_diff` — then the rest by equal amount within the time window, nearest first;
 * what is left is in the statement only or on the platform only.
 */
export function matchStatement(lines: StatementLine[], movements: Movement[]): Omit<NewItem, 'statementId'>[] {
  const out: Omit<NewItem, 'statementId'>[] = [];
  const free = new Set(movements);
  const pair = (l: StatementLine, m: Movement, kind: 'matched' | 'amount_diff') => {
    free.delete(m);
    out.push({
      kind,
      direction: l.direction,
      line: l.line,
      stTime: l.time,
      stReference: l.reference,
      stAmount: l.amount.toFixed(2),
      orderNo: m.orderNo,
      platformAmount: m.amount.toFixed(2),
      platformTime: m.time,
      userId: m.userId,
    });
  };
  const byOrder = new Map(movements.map((m) => [`${m.direction}:${m.orderNo}`, m]));
  const rest: StatementLine[] = [];
  for (const l of lines) {
    const m = byOrder.get(`${l.direction}:${l.reference}`);
    if (m && free.has(m)) pair(l, m, m.amount.eq(l.amount) ? 'matched' : 'amount_diff');
    else rest.push(l);
  }
  const window = RECON_WINDOW_MINUTES * 60_000;
  for (const l of rest) {
    let best: Movement | undefined;
    for (const m of free) {
      if (m.direction !== l.direction || !m.amount.eq(l.amount)) continue;
      const gap = Math.abs(m.time.getTime() - l.time.getTime());
      if (gap <= window && (!best || gap < Math.abs(best.time.getTime() - l.time.getTime()))) best = m;
    }
    if (best) pair(l, best, 'matched');
    else
      out.push({
        kind: 'statement_only',
        direction: l.direction,
        line: l.line,
        stTime: l.time,
        stReference: l.reference,
        stAmount: l.amount.toFixed(2),
      });
  }
  for (const m of free)
    out.push({
      kind: 'platform_only',
      direction: m.direction,
      orderNo: m.orderNo,
      platformAmount: m.amount.toFixed(2),
      platformTime: m.time,
      userId: m.userId,
    });
  return out;
}

async function channelName(db: Db, channelId: number): Promise<string> {
  const [c] = rows<{ name: string }>(await db.execute(sql`SELECT display_name AS name FROM pay_channels WHERE id = ${channelId}`));
  if (!c) throw fail('recon.channel_not_found');
  return c.name;
}

/** Uploads a channel's statement of a day (today's intraday one too): matched at once; a reconciled channel-day is not replaced. */
export async function uploadStatement(
  ctx: AppContext,
  by: string,
  input: { channelId: number; day: string; file: { filename: string; data: Uint8Array } },
): Promise<ReconDetail> {
  await channelName(ctx.db, input.channelId);
  // today may be reconciled as the bank's intraday statement comes in (a later file replaces it while it is open)
  if (dayStart(input.day).getTime() > Date.now()) throw fail('recon.future', { day: input.day });
  const lines = parseStatement(input.file.data);
  await ctx.db.transaction(async (tx) => {
    const [old] = await tx
      .select({ id: reconStatements.id, status: reconStatements.status })
      .from(reconStatements)
      .where(and(eq(reconStatements.channelId, input.channelId), eq(reconStatements.day, input.day)))
      .for('update');
    if (old?.status === 'reconciled') throw fail('recon.already_reconciled', { day: input.day });
    if (old) await tx.delete(reconStatements).where(eq(reconStatements.id, old.id));
    const items = matchStatement(lines, await platformMovements(tx, input.channelId, input.day));
    const [st] = await tx
      .insert(reconStatements)
      .values({
        channelId: input.channelId,
        day: input.day,
        fileName: input.file.filename.slice(0, 255),
        lines: lines.length,
        status: items.every((i) => i.kind === 'matched') ? 'reconciled' : 'open',
        uploadedBy: by,
      })
      .returning({ id: reconStatements.id });
    for (let i = 0; i < items.length; i += 1000)
      await tx.insert(reconItems).values(items.slice(i, i + 1000).map((x) => ({ ...x, statementId: st!.id })));
  });
  return reconDetail(ctx.db, input.channelId, input.day);
}

/** Resolves an exception with a note; the channel-day is reconciled once none is left open. */
export async function resolveItem(ctx: AppContext, by: string, id: number, note: string): Promise<ReconDetail> {
  const key = await ctx.db.transaction(async (tx) => {
    const [it] = await tx
      .select({ statementId: reconItems.statementId, kind: reconItems.kind, resolvedAt: reconItems.resolvedAt })
      .from(reconItems)
      .where(eq(reconItems.id, id))
      .for('update');
    if (!it) throw fail('recon.item_not_found');
    if (it.kind === 'matched') throw fail('recon.item_matched');
    if (it.resolvedAt) throw fail('recon.item_resolved');
    await tx.update(reconItems).set({ resolvedAt: new Date(), resolvedBy: by, note }).where(eq(reconItems.id, id));
    const [left] = rows<{ n: number }>(
      await tx.execute(sql`SELECT count(*)::int AS n FROM recon_items
                           WHERE statement_id = ${it.statementId} AND kind <> 'matched' AND resolved_at IS NULL`),
    );
    const [st] = await tx
      .update(reconStatements)
      .set({ status: left!.n === 0 ? 'reconciled' : 'open' })
      .where(eq(reconStatements.id, it.statementId))
      .returning({ channelId: reconStatements.channelId, day: reconStatements.day });
    return st!;
  });
  return reconDetail(ctx.db, key.channelId, key.day);
}

const SUMMARY = sql`
  SELECT s.id, s.channel_id, coalesce(c.display_name, '#' || s.channel_id) AS channel_name, s.day::text, s.status, s.file_name,
         s.lines, s.uploaded_by, s.uploaded_at,
         count(*) FILTER (WHERE i.kind = 'matched')::int AS matched,
         count(*) FILTER (WHERE i.kind = 'statement_only')::int AS statement_only,
         count(*) FILTER (WHERE i.kind = 'platform_only')::int AS platform_only,
         count(*) FILTER (WHERE i.kind = 'amount_diff')::int AS amount_diff,
         count(*) FILTER (WHERE i.kind <> 'matched' AND i.resolved_at IS NULL)::int AS open
  FROM recon_statements s LEFT JOIN pay_channels c ON c.id = s.channel_id LEFT JOIN recon_items i ON i.statement_id = s.id`;

interface SummaryRow {
  id: number;
  channel_id: number;
  channel_name: string;
  day: string;
  status: 'open' | 'reconciled';
  file_name: string;
  lines: number;
  uploaded_by: string;
  uploaded_at: Date | string;
  matched: number;
  statement_only: number;
  platform_only: number;
  amount_diff: number;
  open: number;
}

const summaryOf = (r: SummaryRow): ReconSummary => ({
  channelId: r.channel_id,
  channelName: r.channel_name,
  day: r.day,
  status: r.status,
  fileName: r.file_name,
  lines: r.lines,
  matched: r.matched,
  statementOnly: r.statement_only,
  platformOnly: r.platform_only,
  amountDiff: r.amount_diff,
  open: r.open,
  uploadedBy: r.uploaded_by,
  uploadedAt: new Date(r.uploaded_at).toISOString(),
});

export async function reconList(db: Db, q: { channelId?: number; status?: ReconSummary['status']; pageNum: number; pageSize: number }) {
  const where = and(
    q.channelId ? eq(reconStatements.channelId, q.channelId) : undefined,
    q.status ? eq(reconStatements.status, q.status) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(reconStatements).where(where);
  const page = await onePage(
    db
      .select({ id: reconStatements.id })
      .from(reconStatements)
      .where(where)
      .orderBy(desc(reconStatements.day), reconStatements.channelId)
      .$dynamic(),
    q,
  );
  const ids = `{${page.map((p) => p.id).join(',')}}`;
  const list = page.length
    ? rows<SummaryRow>(
        await db.execute(
          sql`${SUMMARY} WHERE s.id = ANY(${ids}::bigint[]) GROUP BY s.id, c.display_name ORDER BY s.day DESC, s.channel_id`,
        ),
      )
    : [];
  return { list: list.map(summaryOf), total: total!.n, pageNum: q.pageNum, pageSize: q.pageSize };
}

const iso = (v: Date | null) => (v ? v.toISOString() : null);

export async function reconDetail(db: Db, channelId: number, day: string): Promise<ReconDetail> {
  const [s] = rows<SummaryRow>(
    await db.execute(sql`${SUMMARY} WHERE s.channel_id = ${channelId} AND s.day = ${day} GROUP BY s.id, c.display_name`),
  );
  if (!s) throw fail('recon.not_found', { day });
  const items = await db
    .select()
    .from(reconItems)
    .where(eq(reconItems.statementId, s.id))
    .orderBy(sql`CASE ${reconItems.kind} WHEN 'matched' THEN 1 ELSE 0 END`, reconItems.line, reconItems.id);
  return {
    ...summaryOf(s),
    items: items.map((i): ReconItem => ({
      id: i.id,
      kind: i.kind,
      direction: i.direction,
      line: i.line,
      statementTime: iso(i.stTime),
      statementReference: i.stReference,
      statementAmount: i.stAmount,
      orderNo: i.orderNo,
      platformAmount: i.platformAmount,
      platformTime: iso(i.platformTime),
      userId: i.userId,
      resolvedAt: iso(i.resolvedAt),
      resolvedBy: i.resolvedBy,
      note: i.note,
    })),
  };
}
