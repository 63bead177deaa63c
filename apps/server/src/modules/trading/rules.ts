import Decimal from 'decimal.js';
import { and, eq, isNull, sql, type Placeholder } from 'drizzle-orm';
import { priceLimitPct, type Direction, type QuoteTick, type StockBoard } from '@stock-admin/contracts';
import { stocks } from '../products/tables.js';
import { listedStock, type ListedStock } from '../products/index.js';
import { users } from '../_kit/parties.js';
import { LOCKED_USER_COLUMNS, type LockedUser } from '../fundrecords/index.js';
import type { Db } from '../../db/client.js';
import type { AppContext } from '../../app/context.js';
import { fail, invalid } from '../../http/errors.js';
import { shanghaiTime } from '../market/index.js';
import { riskRules, type RiskRules } from '../risk/index.js';
import { limitsOf } from './money.js';
import './messages.js';

/** The stock an order names, with what the rules need: a listed stock's row, checked tradable. */
export type TradedStock = Omit<ListedStock, 'shown' | 'locked'>;

const hm = (seconds: number) =>
  `${String(Math.floor(seconds / 3600)).padStart(2, '0')}:${String(Math.floor((seconds % 3600) / 60)).padStart(2, '0')}`;

/** Holiday mode, the trading switch, the calendar and the configured hours (the market's clock). */
export async function assertTradingOpen(ctx: AppContext): Promise<void> {
  const { docs } = await riskRules(ctx);
  if (docs.product.holidayMode) throw fail('trade.holiday');
  if (!docs.product.stockTrading) throw fail('trade.disabled');
  const market = ctx.market!;
  // the configured hours hold on every market: the demo's all-day session (every day a trading day) trades at any
  // hour because its seed configures hours that cover the day, not because the rule is skipped
  const t = shanghaiTime(market.now());
  const s = docs.stock;
  const now = hm(t.seconds);
  const open = market.isTradingDay(t.day) && ((now >= s.amStart && now < s.amEnd) || (now >= s.pmStart && now < s.pmEnd));
  if (!open) throw fail('trade.closed_hours', { amStart: s.amStart, amEnd: s.amEnd, pmStart: s.pmStart, pmEnd: s.pmEnd });
}

/** A listed (shown) stock that is not locked. */
export async function tradableStock(db: Db, gid: string): Promise<TradedStock> {
  const [s] = await db.select().from(stocks).where(eq(stocks.gid, gid)).limit(1);
  return tradable(s);
}

/**
 * tradableStock from the instance's copy of the stock rows (products' listedStock, dropped by every change of one):
 * for the hot reads outside a transaction (a platform user's quote); what writes reads the row itself.
 */
export async function listedTradableStock(ctx: AppContext, gid: string): Promise<TradedStock> {
  return tradable(await listedStock(ctx, gid));
}

/** The stock row, checked tradable. */
function tradable(s: ListedStock | typeof stocks.$inferSelect | null | undefined): TradedStock {
  if (!s || !s.shown) throw fail('trade.stock_not_found');
  if (s.locked) throw fail('trade.stock_locked');
  return { id: s.id, gid: s.gid, code: s.code, name: s.name, board: s.board as StockBoard, st: s.st, spreadRate: s.spreadRate };
}

/** A buyer's row (what posting and the trader's rules need) and the stock they buy, checked tradable. */
export interface Buyer {
  user: LockedUser & TraderFlags;
  stock: TradedStock;
}

/**
 * A buyer's row locked for posting and the stock they buy, in one statement: the buy is the busiest write of the
 * platform, and each round trip inside its transaction holds the user's lock and a connection (bench/positions B1).
 * The stock is checked here, the trader (lockTrader's rules) by the caller through `checkTrader`, after the order's shape.
 */
export async function lockBuyer(tx: Db, userId: number, gid: string): Promise<Buyer> {
  return buyerOf(await buyerQuery(tx, userId, gid).for('update', { of: users }));
}

/**
 * lockBuyer without the lock: the row as it is now, for a write that checks it has not changed (trading/buy.ts).
 * A prepared statement (built once per database, named on PostgreSQL): it runs on every buy.
 */
export async function readBuyer(db: Db, userId: number, gid: string): Promise<Buyer> {
  let read = buyerReads.get(db);
  if (!read) {
    read = buyerQuery(db, sql.placeholder('userId'), sql.placeholder('gid')).prepare('trading_read_buyer');
    buyerReads.set(db, read);
  }
  return buyerOf(await read.execute({ userId, gid }));
}

const buyerQuery = (db: Db, userId: number | Placeholder, gid: string | Placeholder) =>
  db
    .select({ user: { ...LOCKED_USER_COLUMNS, tradeLocked: users.tradeLocked, realState: users.realState }, stock: stocks })
    .from(users)
    .leftJoin(stocks, eq(stocks.gid, gid))
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));

const buyerReads = new WeakMap<Db, { execute(values: { userId: number; gid: string }): Promise<Awaited<ReturnType<typeof buyerQuery>>> }>();

function buyerOf([r]: Awaited<ReturnType<typeof buyerQuery>>): Buyer {
  if (!r) throw fail('user_not_found');
  return { user: r.user, stock: tradable(r.stock) };
}

interface TraderFlags {
  tradeLocked: boolean;
  realState: number;
}

/** The user may trade: not trade-locked, real name verified when the switch asks for it. */
export function checkTrader(rules: RiskRules, u: TraderFlags): void {
  if (u.tradeLocked) throw fail('trade.user_locked');
  if (rules.docs.product.realNameRequired && u.realState !== 2) throw fail('trade.real_name_required');
}

/** The quote to trade at: fresh, or a refusal. */
export function liveQuote(ctx: AppContext, gid: string): QuoteTick {
  const q = ctx.market?.quote(gid);
  if (!q || q.stale || !ctx.market?.tradablePrice(gid)) throw fail('trade.quote_stale');
  return q;
}

/** Today's limit prices of a stock around its quote's previous close. */
export function limitsFor(stock: Pick<TradedStock, 'board' | 'st'>, q: Pick<QuoteTick, 'prevClose'>) {
  return limitsOf(q.prevClose, priceLimitPct(stock.board, stock.st));
}

/** A price given by an operator must lie within today's limits. */
export function assertWithinLimits(
  stock: Pick<TradedStock, 'board' | 'st'>,
  q: Pick<QuoteTick, 'prevClose'>,
  price: Decimal.Value,
  field: string,
): void {
  const { up, down } = limitsFor(stock, q);
  const p = new Decimal(price);
  if (p.gt(up) || p.lt(down)) throw invalid(field, 'reason.outside_limits');
}

/** The user may trade: not trade-locked, real name verified when the switch asks for it. Locks the user row. */
export async function lockTrader(tx: Db, rules: RiskRules, userId: number): Promise<{ enable: Decimal; agentId: number | null }> {
  const [u] = await tx
    .select({ tradeLocked: users.tradeLocked, realState: users.realState, enable: users.enableAmt, agentId: users.agentId })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for('update');
  if (!u) throw fail('user_not_found');
  checkTrader(rules, u);
  return { enable: new Decimal(u.enable), agentId: u.agentId };
}

/**
 * Order size, leverage, price-move band, take-profit / stop-loss sides. Given the rules rather than reading them:
 * it runs inside the buy's transaction, where waiting for another pooled connection (the rules' cache refilled)
 * could wait forever once every connection is such a transaction (the pool runs dry: bench/positions B1 saw it).
 */
export function assertOrderShape(
  rules: RiskRules,
  stock: TradedStock,
  q: QuoteTick,
  o: { shares: number; leverage: number; direction: Direction; takeProfit?: string; stopLoss?: string },
): void {
  const { stock: r } = rules.docs;
  if (o.shares < r.minShares || o.shares > r.maxShares) throw fail('trade.shares_range', { min: r.minShares, max: r.maxShares });
  if (!r.leverages.includes(o.leverage)) throw fail('trade.leverage_choice', { choices: r.leverages.join('/') });
  const change = new Decimal(q.changePct);
  if (o.direction === 'long') {
    const max = r.maxRisePct[stock.board];
    if (change.gte(max)) throw fail('trade.limit_up', { pct: q.changePct });
    // no ask yet (a symbol's first quote of the day, before anyone sells): not a limit, say what it is
    if (q.ask == null) throw fail('trade.no_sellers');
  } else {
    const max = new Decimal(r.maxFallPct[stock.board]).negated();
    if (change.lte(max)) throw fail('trade.limit_down', { pct: q.changePct });
    if (q.bid == null) throw fail('trade.no_buyers');
  }
  const last = new Decimal(q.last);
  const up = o.direction === 'long';
  if (o.takeProfit && (up ? new Decimal(o.takeProfit).lte(last) : new Decimal(o.takeProfit).gte(last)))
    throw fail(up ? 'trade.take_profit_above' : 'trade.take_profit_below');
  if (o.stopLoss && (up ? new Decimal(o.stopLoss).gte(last) : new Decimal(o.stopLoss).lte(last)))
    throw fail(up ? 'trade.stop_loss_below' : 'trade.stop_loss_above');
}
