import Decimal from 'decimal.js';
import { sql, type SQL } from 'drizzle-orm';
import type { Direction, OrderItem } from '@stock-admin/contracts';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { executeNamed, listDb } from '../../db/named.js';
import { serialNoSql } from '../../db/serial-no.js';
import type { AppContext } from '../../app/context.js';
import { fail } from '../../http/errors.js';
import { postingCtes, type LedgerEntry, type LockedUser } from '../fundrecords/index.js';
import { notify } from '../../realtime/notify.js';
import { riskRules, type RiskRules, spreadPctOf } from '../risk/index.js';
import { buyCost, type BuyCost } from './money.js';
import { toOrder } from './lists.js';
import {
  assertOrderShape,
  assertTradingOpen,
  checkTrader,
  liveQuote,
  lockBuyer,
  readBuyer,
  type Buyer,
  type TradedStock,
} from './rules.js';

const m = (d: Decimal) => d.toFixed(2);

export interface BuyInput {
  gid: string;
  shares: number;
  leverage: number;
  direction: Direction;
  takeProfit?: string;
  stopLoss?: string;
}

/** The cost of a buy at `price` under today's rules (fees, the highest matching spread). */
export function costAt(rules: RiskRules, stock: TradedStock, price: Decimal.Value, shares: number, leverage: number, changePct: string) {
  const { docs, spread } = rules;
  const amount = new Decimal(price).times(shares);
  const spreadPct = spreadPctOf(spread, { code: stock.code, changePct, amount, price, stockRate: stock.spreadRate });
  return buyCost(price, shares, leverage, docs.stock, spreadPct);
}

/**
 * A user's buy (platform API): every rule checked, then the margin, fee and spread held from free cash with the
 * order and its first history row, all or nothing; the buy list's badge (19) moves.
 *
 * The buy is the busiest write of the platform (bench/positions B1), and on these machines each round trip to
 * PostgreSQL costs more than the work it carries. So it is first tried in two statements and no transaction: the
 * buyer and the stock read, the rules checked, then one statement that writes the order, its history row, the
 * balances and the hold's record only if the buyer's row still holds what was read (and the anti-churn window has
 * room) — the ledger's unlocked posting, under the row lock that statement takes. When it wrote nothing (the buyer
 * changed meanwhile: another buy, a deposit, a lock; or the window is full) the buy is made again the locked way:
 * buyer locked, rules checked on the row as it is, then the same writes, refusing with the rule's message.
 */
export async function placeBuy(ctx: AppContext, userId: number, input: BuyInput): Promise<OrderItem> {
  await assertTradingOpen(ctx);
  const rules = await riskRules(ctx);
  const order =
    (await buyUnlocked(ctx, rules, userId, input)) ??
    (await ctx.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const buyer = await lockBuyer(tx, userId, input.gid);
      const { price, cost } = checkBuy(ctx, rules, buyer, input);
      return recordBuy(tx, buyer.user, buyer.stock, price, input, cost, new Date(), rules);
    }));
  notify(ctx, { type: 'BUY_GP_REQUEST', userId, data: { id: order.id, userId, amount: order.amount } });
  return order;
}

/** Every rule of a buy on the buyer and stock as read: the price to buy at and the cost, or the refusal. */
function checkBuy(ctx: AppContext, rules: RiskRules, { user, stock }: Buyer, input: BuyInput): { price: string; cost: BuyCost } {
  const { docs } = rules;
  const q = liveQuote(ctx, stock.gid);
  assertOrderShape(rules, stock, q, input);
  const cost = costAt(rules, stock, q.last, input.shares, input.leverage, q.changePct);
  if (cost.amount.lt(docs.stock.minBuyAmount)) throw fail('trade.min_amount', { min: docs.stock.minBuyAmount });
  checkTrader(rules, user);
  const enable = new Decimal(user.enableAmt);
  if (cost.margin.gt(enable.times(docs.stock.maxMarginPct).dividedBy(100)))
    throw fail('trade.margin_pct', { margin: m(cost.margin), pct: docs.stock.maxMarginPct });
  if (cost.hold.gt(enable)) throw fail('trade.insufficient', { need: m(cost.hold) });
  return { price: q.last, cost };
}

/** The buy in two statements (placeBuy); undefined when the second wrote nothing. */
async function buyUnlocked(ctx: AppContext, rules: RiskRules, userId: number, input: BuyInput): Promise<OrderItem | undefined> {
  const buyer = await readBuyer(listDb(ctx.db), userId, input.gid);
  const { price, cost } = checkBuy(ctx, rules, buyer, input);
  const { user, stock } = buyer;
  const now = new Date();
  const w = churnWindow(rules, user.id, stock.gid, now);
  const hold = postingCtes(user, [holdEntry(stock, input, cost)], {
    along: ALONG_ORDER,
    // what checkTrader passed, and the window's count as this statement sees it: a buy of this user committed
    // after the read changed the balances, so the row no longer matches and the locked way counts again
    unlocked: {
      guard: sql`NOT trade_locked AND ${rules.docs.product.realNameRequired ? sql`real_state = 2` : sql`true`}
                 AND ${w.count} < ${w.max}`,
    },
  });
  // named: parsed and planned once per connection (db/named.ts); its text varies only with the rule switches
  const write = sql`
    WITH ${hold.balances},
    o AS (${orderInsert(user, stock, price, input, cost, now, sql`ledger_balances`)}),
    ${FIRST_EVENT},
    ${hold.records}
    ${ANSWER}`;
  const [row] = rows<Record<string, unknown>>(await executeNamed(ctx.db, write));
  if (!row) return undefined;
  hold.written();
  return toOrder(row);
}

/**
 * Writes a pending buy for a user locked for posting (rules already checked; with `rules`, anti-churn too: at most
 * N buys of one stock per window — the user row is locked, so concurrent buys count each other): the order, its
 * first history row, the balances and the hold's record, in one statement.
 */
export async function recordBuy(
  tx: Db,
  user: LockedUser,
  stock: TradedStock,
  price: string,
  input: BuyInput,
  cost: BuyCost,
  now: Date,
  rules?: RiskRules,
): Promise<OrderItem> {
  // the window's count is read by this statement, which starts after the lock: it sees every buy committed before
  const w = churnWindow(rules, user.id, stock.gid, now);
  const hold = postingCtes(user, [holdEntry(stock, input, cost)], { along: ALONG_ORDER });
  const [row] = rows<Record<string, unknown>>(
    await tx.execute(sql`
      WITH o AS (${orderInsert(user, stock, price, input, cost, now, sql`(SELECT ${w.count} AS n) AS recent WHERE recent.n < ${w.max}`)}),
      ${FIRST_EVENT},
      ${hold.balances},
      ${hold.records}
      ${ANSWER}`),
  );
  if (!row) throw fail('trade.churn_buys', { minutes: w.minutes, max: w.max });
  hold.written();
  return toOrder(row);
}

/** The hold of a buy: its margin, fee and spread moved from free cash to held; its reference the order's number. */
const holdEntry = (stock: TradedStock, input: BuyInput, cost: BuyCost): LedgerEntry => ({
  type: 'order_hold',
  amount: m(cost.hold.negated()),
  note: `${stock.name} ${input.shares}`,
});

/** Anti-churn: the user's buys of the stock in the window (SQL) and the count they must stay under; off (or no rules), 0 < 1. */
function churnWindow(rules: RiskRules | undefined, userId: number, gid: string, now: Date) {
  const r = rules?.docs.stock;
  if (!r?.buyWindowMinutes) return { count: sql`0`, max: 1, minutes: 0 };
  const since = new Date(now.getTime() - r.buyWindowMinutes * 60_000).toISOString();
  return {
    // counted up to the limit only: whether there is room is all the rule asks (orders_buy_window_idx)
    count: sql`(SELECT count(*) FROM (SELECT FROM orders WHERE user_id = ${userId} AND kind = 'buy' AND gid = ${gid}
                 AND created_at >= ${since}::timestamptz AND status <> 'cancelled' LIMIT ${r.maxBuysInWindow}) AS w)`,
    max: r.maxBuysInWindow,
    minutes: r.buyWindowMinutes,
  };
}

/** The INSERT of a pending buy, one order per row of `from` (SQL after FROM; none written when it has none). */
const orderInsert = (user: LockedUser, stock: TradedStock, price: string, input: BuyInput, cost: BuyCost, now: Date, from: SQL) => sql`
  INSERT INTO orders (order_no, kind, user_id, stock_id, gid, code, stock_name, direction, shares, leverage, price, amount,
                      margin, fee, spread, hold, take_profit, stop_loss, created_at)
  SELECT ${serialNoSql('B', 'trade_no_seq', now)}, 'buy', ${user.id}, ${stock.id}, ${stock.gid}, ${stock.code}, ${stock.name},
         ${input.direction}, ${input.shares}, ${input.leverage}, ${price}, ${m(cost.amount)}, ${m(cost.margin)}, ${m(cost.fee)},
         ${m(cost.spread)}, ${m(cost.hold)}, ${input.takeProfit ?? null}, ${input.stopLoss ?? null}, ${now.toISOString()}::timestamptz
  FROM ${from}
  RETURNING *`;

/** The order's first history row, from the statement's `o`. */
const FIRST_EVENT = sql`e AS (INSERT INTO order_events (order_id, status) SELECT id, 'pending' FROM o)`;

/** The hold's records follow the statement's order `o`, their reference its number. */
const ALONG_ORDER = { cte: sql`o`, reference: sql`o.order_no` };

/** What a buy answers: the order as the lists show it. */
const ANSWER = sql`
  SELECT o.*, u.phone, u.real_name, u.nick_name, ag.name AS agent_name, NULL AS reviewer, q.last AS q_last
  FROM o JOIN users u ON u.id = o.user_id LEFT JOIN agents ag ON ag.id = u.agent_id LEFT JOIN quotes q ON q.gid = o.gid`;
