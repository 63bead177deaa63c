import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import type { CloseKind, Direction, PositionSource } from '@stock-admin/contracts';
import { agents, orderEvents, positions, tradingDebts, users } from '../../db/schema/index.js';
import type { Db } from '../../db/client.js';
import { serialNo } from '../../db/serial-no.js';
import { post, postAgent, type LedgerEntry } from '../../ledger/index.js';
import type { RiskRules } from '../risk/settings.js';
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

/** The agent's commission on fees, when its fee rate is set: booked to the user's direct agent in the same transaction. */
async function commission(tx: Db, agentId: number | null, fees: Decimal, reference: string, note: string): Promise<void> {
  if (agentId == null || !fees.gt(0)) return;
  const [a] = await tx.select({ feeRate: agents.feeRate, deletedAt: agents.deletedAt }).from(agents).where(eq(agents.id, agentId)).limit(1);
  if (!a || a.deletedAt) return;
  const c = fees.times(a.feeRate).toDecimalPlaces(2, Decimal.ROUND_DOWN);
  if (c.gt(0)) await postAgent(tx, agentId, [{ type: 'agent_commission', amount: m(c), reference, note }]);
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
  await commission(tx, a.agentId, a.cost.fee, no, 'buy fee commission');
  return p!;
}

/**
 * Closes an open position at `exit` (the caller has locked it FOR UPDATE and checked it is open): the
 * margin and the net P/L go back to free cash; a loss beyond the margin is taken from free cash, and what
 * free cash cannot cover is recorded as the user's debt.
 */
export async function closePosition(
  tx: Db,
  p: typeof positions.$inferSelect,
  exit: Decimal.Value,
  kind: CloseKind,
  by: { adminId: number | null; reason?: string | null },
  rules: RiskRules,
): Promise<typeof positions.$inferSelect> {
  const { docs } = rules;
  const [u] = await tx.select({ enable: users.enableAmt, agentId: users.agentId }).from(users).where(eq(users.id, p.userId)).for('update');
  const s = settle(
    { direction: p.direction as Direction, buyPrice: p.buyPrice, shares: p.shares, margin: p.margin },
    exit,
    docs.stock,
    u!.enable,
  );
  await post(tx, p.userId, [
    {
      type: 'sell_settlement',
      amount: m(s.toCash),
      enable: m(s.toCash),
      equity: m(s.equity),
      reference: p.positionNo,
      adminId: by.adminId,
      note: `P/L ${m(s.pnl)}, fee ${m(s.sellFee)}, stamp ${m(s.stampDuty)}${s.shortfall.gt(0) ? `, unpaid ${m(s.shortfall)}` : ''}`,
    },
  ]);
  if (s.shortfall.gt(0)) await tx.insert(tradingDebts).values({ userId: p.userId, positionId: p.id, amount: m(s.shortfall) });
  const netPnl = s.net.minus(p.buyFee).minus(p.spread).minus(p.deferralFee);
  const [closed] = await tx
    .update(positions)
    .set({
      status: 'closed',
      sellPrice: new Decimal(exit).toFixed(4),
      sellFee: m(s.sellFee),
      stampDuty: m(s.stampDuty),
      pnl: m(s.pnl),
      netPnl: m(netPnl),
      closeKind: kind,
      closeReason: by.reason ?? null,
      closedBy: by.adminId,
      closedAt: new Date(),
    })
    .where(eq(positions.id, p.id))
    .returning();
  await commission(tx, u!.agentId, s.sellFee, p.positionNo, 'sell fee commission');
  return closed!;
}
