import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../app/context.js';
import { rows } from '../../db/rows.js';
import { addDays, dayOf } from './statement.js';
import { closeThrough } from './service.js';
import { uploadStatement } from './reconcile.js';

/** The demo's books: the 30 days before today closed from its history (the first one's opening read from the whole ledger). */
export async function seedCloses(ctx: AppContext): Promise<void> {
  const yesterday = addDays(dayOf(new Date()), -1);
  await closeThrough(ctx, addDays(yesterday, -29), null);
  await closeThrough(ctx, yesterday, null);
  await seedStatements(ctx);
}

const fmt = (t: Date) => new Date(t.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

/**
 * Two channel statements, as a bank would send them, for the two busiest recent channel-days (the demo's deposits are
 * today's: an intraday statement): most lines carry the
 * platform's order number, one the bank's own reference (matched by amount and time); one deposit is missing, one line
 * the platform never saw, one amount differs — the exceptions an operator resolves. The newest one also repeats a line
 * (a duplicate) and holds a bank's reversal of a deposit (a negative amount).
 */
async function seedStatements(ctx: AppContext): Promise<void> {
  const busiest = rows<{ channel_id: number; day: string }>(
    await ctx.db.execute(sql`
      SELECT channel_id, (reviewed_at AT TIME ZONE 'Asia/Shanghai')::date::text AS day FROM recharge_orders
      WHERE status = 1 AND channel_id IS NOT NULL AND reviewed_at IS NOT NULL
      GROUP BY 1, 2 HAVING count(*) >= 3 ORDER BY 2 DESC, count(*) DESC LIMIT 2`),
  );
  for (const [n, { channel_id: channelId, day }] of busiest.entries()) {
    const moves = rows<{ order_no: string; amount: string; at: Date | string; dir: string }>(
      await ctx.db.execute(sql`
        SELECT order_no, amount::text, reviewed_at AS at, 'in' AS dir FROM recharge_orders
        WHERE channel_id = ${channelId} AND status = 1 AND (reviewed_at AT TIME ZONE 'Asia/Shanghai')::date = ${day}::date
        UNION ALL
        SELECT order_no, amount::text, reviewed_at, 'out' FROM withdrawals
        WHERE payout_channel_id = ${channelId} AND status = 1 AND (reviewed_at AT TIME ZONE 'Asia/Shanghai')::date = ${day}::date
        ORDER BY 3`),
    );
    const lines = ['交易时间,流水号,金额,收支'];
    moves.forEach((m, i) => {
      if (i === 1) return; // the bank has not booked it: on the platform only
      const at = new Date(new Date(m.at).getTime() + 60_000);
      const amount = i === 2 ? new Decimal(m.amount).minus(1).toFixed(2) : m.amount; // booked a yuan short
      const reference = i === 0 ? `BK${day.replace(/-/g, '')}${String(channelId).padStart(4, '0')}` : m.order_no;
      lines.push(`${fmt(at)},${reference},${amount},${m.dir === 'in' ? '收' : '付'}`);
    });
    const last = moves.length ? new Date(new Date(moves[moves.length - 1]!.at).getTime() + 120_000) : new Date();
    lines.push(`${fmt(last)},BK-UNKNOWN-${channelId},188.00,收`); // never seen by the platform
    const again = lines[3];
    if (n === 0 && again) {
      lines.push(again); // the bank's file repeats a line
      lines.push(`${fmt(last)},BK-REV-${channelId},-188.00,收`); // and returns the unknown payer's deposit
    }
    await uploadStatement(ctx, 'finance', {
      channelId,
      day,
      file: { filename: `channel-${channelId}-${day}.csv`, data: Buffer.from(lines.join('\r\n')) },
    });
  }
}
