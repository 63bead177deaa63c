import Decimal from 'decimal.js';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { priceLimitPct, type Direction, type StockBoard } from '@stock-admin/contracts';
import { users } from '../_kit/parties.js';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import type { AppContext } from '../../app/context.js';
import { lockForPosting, post } from '../fundrecords/index.js';
import { riskRules } from '../risk/index.js';
import { closePosition, openPosition } from './book.js';
import { buyCost } from './money.js';
import { recordSell } from './positions.js';
import { recordBuy } from './buy.js';
import type { TradedStock } from './rules.js';

/**
 * Trading demo data, made through the trading services and the ledger: open positions (long and short,
 * some created by an operator), closed trades of the last days (sold, force-closed by an operator), buys
 * waiting in the buy list, and one user near the force-close line. Prices start from the demo's reference
 * prices, within each board's daily limits.
 */
export async function seedTrading(ctx: AppContext): Promise<void> {
  let seed = 20261124;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pick = <T>(a: readonly T[]) => a[Math.floor(rand() * a.length)]!;
  const rules = await riskRules(ctx);
  const { docs } = rules;
  const traders = await ctx.db
    .select({ id: users.id, agentId: users.agentId })
    .from(users)
    .where(and(eq(users.realState, 2), eq(users.accountType, 0), isNull(users.deletedAt)))
    .orderBy(asc(users.id))
    .limit(24);
  const listed = rows<{
    id: number;
    gid: string;
    code: string;
    name: string;
    board: string;
    st: boolean;
    spread_rate: string;
    prev: string;
  }>(
    await ctx.db.execute(sql`SELECT s.id, s.gid, s.code, s.name, s.board, s.st, s.spread_rate::text, q.prev_close::text AS prev
      FROM stocks s JOIN quotes q ON q.gid = s.gid WHERE s.shown AND NOT s.locked AND NOT s.st AND q.prev_close BETWEEN 5 AND 300 ORDER BY s.id`),
  );
  if (traders.length < 12 || listed.length < 10) return;
  const stock = (r: (typeof listed)[number]): TradedStock => ({
    id: r.id,
    gid: r.gid,
    code: r.code,
    name: r.name,
    board: r.board as StockBoard,
    st: r.st,
    spreadRate: r.spread_rate,
  });
  /** A price `pct` % from the previous close, inside the day's limits, to the tick. */
  const priceNear = (r: (typeof listed)[number], pct: number) => {
    const lim = priceLimitPct(r.board as StockBoard, r.st) - 0.5;
    return new Decimal(r.prev)
      .times(1 + Math.max(-lim, Math.min(lim, pct)) / 100)
      .toDecimalPlaces(2)
      .toFixed(2);
  };
  const lots = (price: string, budget: number) => Math.max(100, Math.floor(budget / Number(price) / 100) * 100);
  const days = (n: number) => new Date(Date.now() - n * 86_400_000);

  await ctx.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    for (const u of traders.slice(0, 20)) {
      await post(tx, u.id, [{ type: 'manual_credit', amount: '300000.00', note: '演示交易资金' }]);
    }
    // open positions: users 0–11, one or two each
    const opened: Awaited<ReturnType<typeof openPosition>>[] = [];
    for (const [i, u] of traders.slice(0, 12).entries()) {
      for (let k = 0; k < 1 + (i % 2); k++) {
        const r = pick(listed);
        const direction: Direction = rand() < 0.8 ? 'long' : 'short';
        const price = priceNear(r, (rand() - 0.5) * 6);
        const leverage = pick(docs.stock.leverages);
        const shares = lots(price, 40_000 + rand() * 80_000);
        const admin = i % 5 === 4;
        const p = await openPosition(tx, {
          userId: u.id,
          agentId: u.agentId,
          stock: stock(r),
          direction,
          shares,
          leverage,
          price,
          cost: buyCost(price, shares, leverage, docs.stock, '0'),
          source: admin ? 'admin' : 'buy',
          adminId: null,
          openedAt: days(1 + k + (i % 4)),
          note: admin ? '演示：后台创建持仓' : null,
        });
        opened.push(p);
      }
    }
    // sells waiting for review: three users asked to sell a position at its opening price
    for (const p of opened.filter((x) => x.source === 'buy').slice(2, 5)) await recordSell(tx, p, p.buyPrice);
    // closed trades of the last days
    for (const [i, u] of traders.slice(12, 20).entries()) {
      const r = pick(listed);
      const price = priceNear(r, (rand() - 0.5) * 4);
      const shares = lots(price, 30_000 + rand() * 50_000);
      const p = await openPosition(tx, {
        userId: u.id,
        agentId: u.agentId,
        stock: stock(r),
        direction: 'long',
        shares,
        leverage: 5,
        price,
        cost: buyCost(price, shares, 5, docs.stock, '0'),
        source: 'buy',
        adminId: null,
        openedAt: days(3 + i),
      });
      const exit = priceNear(r, (rand() - 0.45) * 12);
      await closePosition(
        tx,
        p,
        exit,
        i % 4 === 3 ? 'admin' : 'sell',
        {
          adminId: null,
          reason: i % 4 === 3 ? '演示：风控平仓' : null,
        },
        rules,
      );
    }
    // buys waiting for review
    for (const u of traders.slice(0, 6)) {
      const r = pick(listed);
      const price = priceNear(r, 0);
      const shares = lots(price, 20_000 + rand() * 30_000);
      const leverage = pick(docs.stock.leverages);
      await recordBuy(
        tx,
        await lockForPosting(tx, u.id),
        stock(r),
        price,
        { gid: r.gid, shares, leverage, direction: 'long' },
        buyCost(price, shares, leverage, docs.stock, '0'),
        new Date(),
      );
    }
    // near the force-close line: bought 8 % above the previous close at 10× with a tenth of the margin left free:
    // at the previous close its loss is ≈ 84 % of the line (past the 70 % warning, short of the line)
    const r = listed.find((s) => s.board === 'main') ?? listed[0]!;
    const price = priceNear(r, 8);
    const shares = lots(price, 100_000);
    const cost = buyCost(price, shares, 10, docs.stock, '0');
    const need = cost.margin.plus(cost.fee).plus(cost.margin.times('0.1')).toDecimalPlaces(2);
    const [near] = await tx
      .select({ id: users.id, agentId: users.agentId, enable: users.enableAmt })
      .from(users)
      .where(and(eq(users.realState, 2), eq(users.accountType, 0), isNull(users.deletedAt), sql`${users.enableAmt} < ${need.toFixed(2)}`))
      .orderBy(asc(users.id))
      .limit(1);
    if (!near) return;
    const topUp = need.minus(near.enable);
    if (topUp.gt(0)) await post(tx, near.id, [{ type: 'manual_credit', amount: topUp.toFixed(2), note: '演示交易资金' }]);
    await openPosition(tx, {
      userId: near.id,
      agentId: near.agentId,
      stock: stock(r),
      direction: 'long',
      shares,
      leverage: 10,
      price,
      cost,
      source: 'buy',
      adminId: null,
      openedAt: days(1),
    });
  });
}
