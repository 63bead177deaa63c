import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/rows.js';

/**
 * Positions through a corporate action (issue 62): the corporate-actions run locks a stock's open positions here (the
 * first level of the lock order: positions, then the users the ledger posts to) and writes their new shares, cost,
 * margin and take-profit / stop-loss lines through `adjustPositions` — trading's table, trading's statement.
 */

export interface HeldPosition {
  id: number;
  userId: number;
  agentId: number | null;
  direction: 'long' | 'short';
  shares: number;
  buyPrice: string;
  buyAmount: string;
  margin: string;
  takeProfit: string | null;
  stopLoss: string | null;
}

/** A stock's open positions opened before `before`, locked in id order, `limit` after id `after` (a run's batch). */
export async function lockHeldPositions(tx: Db, gid: string, before: Date, after: number, limit: number): Promise<HeldPosition[]> {
  return rows<{
    id: number;
    user_id: number;
    agent_id: number | null;
    direction: 'long' | 'short';
    shares: number;
    buy_price: string;
    buy_amount: string;
    margin: string;
    take_profit: string | null;
    stop_loss: string | null;
  }>(
    await tx.execute(sql`
      SELECT id, user_id, agent_id, direction, shares, buy_price::text AS buy_price, buy_amount::text AS buy_amount,
             margin::text AS margin, take_profit::text AS take_profit, stop_loss::text AS stop_loss
      FROM positions
      WHERE gid = ${gid} AND status = 'open' AND opened_at < ${before.toISOString()}::timestamptz AND id > ${after}
      ORDER BY id LIMIT ${limit}
      FOR UPDATE`),
  ).map((r) => ({
    id: Number(r.id),
    userId: Number(r.user_id),
    agentId: r.agent_id == null ? null : Number(r.agent_id),
    direction: r.direction,
    shares: Number(r.shares),
    buyPrice: r.buy_price,
    buyAmount: r.buy_amount,
    margin: r.margin,
    takeProfit: r.take_profit,
    stopLoss: r.stop_loss,
  }));
}

export interface PositionChange {
  id: number;
  sharesBefore: number;
  shares: number;
  buyPrice: string;
  margin: string;
  takeProfit: string | null;
  stopLoss: string | null;
}

/**
 * Writes the changes in one statement; each only while the position is open with the shares it was read with. The buy
 * amount stays what was paid (the deferral fee's base, the day's volume in the summaries): the cost per share carries
 * the adjustment, and P/L is shares × (price − cost per share) everywhere.
 */
export async function adjustPositions(tx: Db, changes: readonly PositionChange[]): Promise<number> {
  if (!changes.length) return 0;
  const done = rows<{ id: number }>(
    await tx.execute(sql`
      UPDATE positions p SET shares = c.shares, buy_price = c.buy_price, margin = c.margin,
             take_profit = c.take_profit, stop_loss = c.stop_loss
      FROM jsonb_to_recordset(${JSON.stringify(
        changes.map((c) => ({
          id: c.id,
          before: c.sharesBefore,
          shares: c.shares,
          buy_price: c.buyPrice,
          margin: c.margin,
          take_profit: c.takeProfit,
          stop_loss: c.stopLoss,
        })),
      )}::jsonb) AS c(id int, before int, shares int, buy_price numeric, margin numeric,
                      take_profit numeric, stop_loss numeric)
      WHERE p.id = c.id AND p.status = 'open' AND p.shares = c.before
      RETURNING p.id`),
  );
  return done.length;
}
