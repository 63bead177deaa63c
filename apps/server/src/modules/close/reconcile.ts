import Decimal from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import { RechargeStatus, WithdrawStatus, type ReconDetail } from '@stock-admin/contracts';
import type { AppContext } from '../../app/context.js';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { fail } from '../../http/errors.js';
import { addDays, dayStart } from './statement.js';
import { assertLinesInDay, parseStatement, type StatementLine } from './reconcile-parse.js';
import { matchStatement, type Movement } from './reconcile-match.js';
import { reconDetail } from './reconcile-read.js';
import { reconItems, reconStatements } from './tables.js';

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

/** The statement's references that are a platform order's number, whatever its channel, day or status. */
async function platformOrderNos(db: Db, lines: StatementLine[]): Promise<Set<string>> {
  // as one JSON parameter: up to RECON_MAX_LINES references, any characters
  const refs = JSON.stringify([...new Set(lines.map((l) => l.reference))]);
  const found = rows<{ order_no: string }>(
    await db.execute(sql`
      WITH r AS (SELECT jsonb_array_elements_text(${refs}::jsonb) AS ref)
      SELECT o.order_no FROM recharge_orders o JOIN r ON o.order_no = r.ref
      UNION SELECT w.order_no FROM withdrawals w JOIN r ON w.order_no = r.ref`),
  );
  return new Set(found.map((r) => r.order_no));
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
  assertLinesInDay(lines, input.day);
  await ctx.db.transaction(async (tx) => {
    const [old] = await tx
      .select({ id: reconStatements.id, status: reconStatements.status })
      .from(reconStatements)
      .where(and(eq(reconStatements.channelId, input.channelId), eq(reconStatements.day, input.day)))
      .for('update');
    if (old?.status === 'reconciled') throw fail('recon.already_reconciled', { day: input.day });
    if (old) await tx.delete(reconStatements).where(eq(reconStatements.id, old.id));
    const items = matchStatement(lines, await platformMovements(tx, input.channelId, input.day), await platformOrderNos(tx, lines));
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

/**
 * Reopens a reconciled channel-day (issue 66: one reconciled wrongly could not be corrected): it is open again, with who
 * reopened it, when and why, until a corrected statement replaces it. Runs once a second administrator approved it
 * (`recon.reopen`): the route's log row records the maker's reason.
 */
export async function reopenStatement(
  ctx: AppContext,
  by: string,
  input: { channelId: number; day: string; reason: string },
): Promise<ReconDetail> {
  await ctx.db.transaction(async (tx) => {
    const [st] = await tx
      .select({ id: reconStatements.id, status: reconStatements.status })
      .from(reconStatements)
      .where(and(eq(reconStatements.channelId, input.channelId), eq(reconStatements.day, input.day)))
      .for('update');
    if (!st) throw fail('recon.not_found', { day: input.day });
    if (st.status !== 'reconciled') throw fail('recon.not_reconciled', { day: input.day });
    await tx
      .update(reconStatements)
      .set({ status: 'open', reopenedBy: by, reopenedAt: new Date(), reopenReason: input.reason })
      .where(eq(reconStatements.id, st.id));
  });
  return reconDetail(ctx.db, input.channelId, input.day);
}
