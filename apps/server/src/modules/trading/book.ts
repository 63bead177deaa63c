import Decimal from 'decimal.js';
import { and, isNull, sql } from 'drizzle-orm';
import type { CloseKind, Direction, PositionSource } from '@stock-admin/contracts';
import { agents, users } from '../_kit/parties.js';
import { orderEvents, positions, tradingDebts } from './tables.js';
import type { Db } from '../../db/client.js';
import { serialNo } from '../../db/serial-no.js';
import { post, postAgentBatch, postBatch, type LedgerEntry } from '../fundrecords/index.js';
import type { RiskRules } from '../risk/index.js';
import { settle, type BuyCost } from './money.js';
import type { TradedStock } from './rules.js';

/**
 * Opening and closing positions with their money (docs/architecture.md "Trading money"): every step is
 * ledger entries in the caller's transaction. While a position is open its margin stays in equity and
 * out of free cash: equity = free cash + held + Σ open margins, for every user (ledger:verify).
 */
const m = (d: Decimal) => d.toFixed(2);

/** A buy, sell or position number (`db/serial-no.ts`). */
export const tradeNo = (db: Db, prefix: 'B' | 'S' | 'P', now = new Date()): Promise<string> => serialNo(db, prefix, 'trade_no_seq', now);

export async function orderEvent(tx: Db, orderId: number, status: string, adminId: number | null, note?: string | null): Promise<void> {
  await tx.insert(orderEvents).values({ orderId, status, adminId, note: note ?? null });
}

/** The agents' commissions on fees, booked in the same transaction: each fee to its user's direct agent, at that agent's fee rate when set. */
async function commissions(tx: Db, fees: { agentId: number; fee: Decimal; reference: string }[], note: string): Promise<void> {
  if (!fees.length) return;
  const ids = [...new Set(fees.map((f) => f.agentId))];
  const rates = new Map(
    (
      await tx
        .select({ id: agents.id, feeRate: agents.feeRate })
        .from(agents)
        .where(and(sql`${agents.id} = ANY(${`{${ids.join(',')}}`}::int[])`, isNull(agents.deletedAt)))
    ).map((a) => [a.id, a.feeRate]),
  );
  const items: { agentId: number; entry: LedgerEntry }[] = [];
  for (const f of fees) {
    const rate = rates.get(f.agentId);
    const c = rate == null ? new Decimal(0) : f.fee.times(rate).toDecimalPlaces(2, Decimal.ROUND_DOWN);
    if (c.gt(0)) items.push({ agentId: f.agentId, entry: { type: 'agent_commission', amount: m(c), reference: f.reference, note } });
  }
  await postAgentBatch(tx, items);
}

export interface OpenArgs {
  userId: number;
  agentId: number | null;
  stock: TradedStock;
  direction: Direction;
  shares: number;
  leverage: number;
  price: Decimal.Value;
  cost: BuyCost;
  takeProfit?: string | null;
  stopLoss?: string | null;
  source: PositionSource;
  adminId: number | null;
  openedAt?: Date;
  note?: string | null;
  /** A buy that held its cost: released first, then charged at the fill. */
  releaseHold?: { amount: Decimal; orderNo: string };
}

/** Opens a position: margin from free cash into the position, fee and spread charged, agent commission booked. */
export async function openPosition(tx: Db, a: OpenArgs): Promise<typeof positions.$inferSelect> {
  const no = await tradeNo(tx, 'P', a.openedAt);
  const entries: LedgerEntry[] = [];
  if (a.releaseHold)
    entries.push({ type: 'order_release', amount: m(a.releaseHold.amount), reference: a.releaseHold.orderNo, adminId: a.adminId });
  entries.push({
    type: 'buy_margin',
    amount: m(a.cost.margin.negated()),
    reference: no,
    adminId: a.adminId,
    note: `${a.stock.name} ${a.shares}`,
  });
  if (a.cost.fee.gt(0)) entries.push({ type: 'fee', amount: m(a.cost.fee.negated()), reference: no, adminId: a.adminId, note: 'buy fee' });
  if (a.cost.spread.gt(0))
    entries.push({ type: 'fee', amount: m(a.cost.spread.negated()), reference: no, adminId: a.adminId, note: 'spread' });
  await post(tx, a.userId, entries);
  const [p] = await tx
    .insert(positions)
    .values({
      positionNo: no,
      userId: a.userId,
      stockId: a.stock.id,
      gid: a.stock.gid,
      code: a.stock.code,
      stockName: a.stock.name,
      direction: a.direction,
      shares: a.shares,
      leverage: a.leverage,
      buyPrice: new Decimal(a.price).toFixed(4),
      buyAmount: m(a.cost.amount),
      margin: m(a.cost.margin),
      buyFee: m(a.cost.fee),
      spread: m(a.cost.spread),
      takeProfit: a.takeProfit ?? null,
      stopLoss: a.stopLoss ?? null,
      source: a.source,
      createdBy: a.source === 'admin' ? a.adminId : null,
      note: a.note ?? null,
      openedAt: a.openedAt ?? new Date(),
    })
    .returning();
  if (a.agentId != null && a.cost.fee.gt(0))
    await commissions(tx, [{ agentId: a.agentId, fee: a.cost.fee, reference: no }], 'buy fee commission');
  return p!;
}

/** A position to close (locked FOR UPDATE by the caller and checked open) and the price to close it at. */
export interface Closing {
  p: typeof positions.$inferSelect;
  exit: Decimal.Value;
  /** This position's own reason, instead of the call's (a sweep gives each user's line). */
  reason?: string;
}

/**
 * Closes open positions, each at its `exit` (the caller has locked them FOR UPDATE, positions before users as every
 * path does, and checked they are open): the margin and the net P/L go back to free cash; a loss beyond the margin
 * is taken from free cash, and what free cash cannot cover is recorded as the user's debt. A user's positions
 * settle in the order given, each seeing the free cash the one before left. Set-based — a fixed number of
 * statements however many positions — so that a force-close sweep of a crash closes thousands in a few
 * transactions (bench/positions S1); one position is the same path with a list of one.
 */
export async function closePositions(
  tx: Db,
  items: readonly Closing[],
  kind: CloseKind,
  by: { adminId: number | null; reason?: string | null },
  rules: RiskRules,
): Promise<(typeof positions.$inferSelect)[]> {
  if (!items.length) return [];
  const { docs } = rules;
  // lock order: the positions (locked by the caller), their pending sells, then the users — as a sell's review
  await cancelPendingSells(
    tx,
    items.map((c) => c.p.id),
    by,
    kind,
  );
  const userIds = [...new Set(items.map((c) => c.p.userId))].sort((a, b) => a - b);
  const owners = await tx
    .select({ id: users.id, enable: users.enableAmt, agentId: users.agentId })
    .from(users)
    .where(sql`${users.id} = ANY(${`{${userIds.join(',')}}`}::int[])`)
    .orderBy(users.id)
    .for('update');
  const free = new Map(owners.map((u) => [u.id, new Decimal(u.enable)]));
  const agentOf = new Map(owners.map((u) => [u.id, u.agentId]));
  const closedAt = new Date();
  const settlements: { userId: number; entry: LedgerEntry }[] = [];
  const debts: (typeof tradingDebts.$inferInsert)[] = [];
  const fees: { agentId: number; fee: Decimal; reference: string }[] = [];
  const closed: (typeof positions.$inferSelect)[] = [];
  for (const { p, exit, reason } of items) {
    const s = settle(
      { direction: p.direction as Direction, buyPrice: p.buyPrice, shares: p.shares, margin: p.margin },
      exit,
      docs.stock,
      free.get(p.userId) ?? 0,
    );
    free.set(p.userId, (free.get(p.userId) ?? new Decimal(0)).plus(s.toCash));
    settlements.push({
      userId: p.userId,
      entry: {
        type: 'sell_settlement',
        amount: m(s.toCash),
        enable: m(s.toCash),
        equity: m(s.equity),
        reference: p.positionNo,
        adminId: by.adminId,
        note: `P/L ${m(s.pnl)}, fee ${m(s.sellFee)}, stamp ${m(s.stampDuty)}${s.shortfall.gt(0) ? `, unpaid ${m(s.shortfall)}` : ''}`,
      },
    });
    if (s.shortfall.gt(0)) debts.push({ userId: p.userId, positionId: p.id, amount: m(s.shortfall) });
    const agentId = agentOf.get(p.userId);
    if (agentId != null && s.sellFee.gt(0)) fees.push({ agentId, fee: s.sellFee, reference: p.positionNo });
    closed.push({
      ...p,
      status: 'closed',
      sellPrice: new Decimal(exit).toFixed(4),
      sellFee: m(s.sellFee),
      stampDuty: m(s.stampDuty),
      pnl: m(s.pnl),
      netPnl: m(s.net.minus(p.buyFee).minus(p.spread).minus(p.deferralFee)),
      closeKind: kind,
      closeReason: reason ?? by.reason ?? null,
      closedBy: by.adminId,
      closedAt,
    });
  }
  // a user missing here (deleted) is refused by the ledger, and the whole call with it
  await postBatch(tx, settlements);
  if (debts.length) await tx.insert(tradingDebts).values(debts);
  const rows = closed.map((c) => ({
    id: c.id,
    sell_price: c.sellPrice,
    sell_fee: c.sellFee,
    stamp_duty: c.stampDuty,
    pnl: c.pnl,
    net_pnl: c.netPnl,
    close_reason: c.closeReason,
  }));
  await tx.execute(sql`
    UPDATE positions p SET status = 'closed', sell_price = v.sell_price, sell_fee = v.sell_fee, stamp_duty = v.stamp_duty,
           pnl = v.pnl, net_pnl = v.net_pnl, close_kind = ${kind}, close_reason = v.close_reason, closed_by = ${by.adminId},
           closed_at = ${closedAt.toISOString()}::timestamptz
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
         AS v(id int, sell_price numeric, sell_fee numeric, stamp_duty numeric, pnl numeric, net_pnl numeric, close_reason text)
    WHERE p.id = v.id`);
  await commissions(tx, fees, 'sell fee commission');
  return closed;
}

/**
 * The pending sells of positions being closed are cancelled with the close (one statement and their history
 * rows), so no sell waits in the queue for a position that is gone.
 */
async function cancelPendingSells(tx: Db, positionIds: number[], by: { adminId: number | null; reason?: string | null }, kind: CloseKind) {
  const note = by.reason ?? `closed: ${kind}`;
  await tx.execute(sql`
    WITH c AS (
      UPDATE orders SET status = 'cancelled', reason = ${note}, updated_at = now()
      WHERE id IN (SELECT id FROM orders WHERE position_id = ANY(${`{${positionIds.join(',')}}`}::int[]) AND kind = 'sell'
                   AND status = 'pending' ORDER BY id FOR UPDATE)
      RETURNING id)
    INSERT INTO order_events (order_id, status, admin_id, note) SELECT id, 'cancelled', ${by.adminId}, ${note} FROM c`);
}

/** One position: closePositions() with a list of one. */
export async function closePosition(
  tx: Db,
  p: typeof positions.$inferSelect,
  exit: Decimal.Value,
  kind: CloseKind,
  by: { adminId: number | null; reason?: string | null },
  rules: RiskRules,
): Promise<typeof positions.$inferSelect> {
  const [closed] = await closePositions(tx, [{ p, exit }], kind, by, rules);
  return closed!;
}
