import { sql } from 'drizzle-orm';
import type { AppContext } from '../../app/context.js';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { recordPastExRights } from '../market/index.js';
import { runDay } from './run.js';
import { insertActions, type StockRef } from './service.js';

const DAY_MS = 86_400_000;
const shanghaiDay = (t: number) => new Date(t + 8 * 3_600_000).toISOString().slice(0, 10);

/** The market's clock (QUOTE_CLOCK_START shifts it: the browser suite's market lives on a day of its own). */
const now = (ctx: AppContext) => ctx.market?.now() ?? Date.now();

/** The trading days after today (`step` 1) or before it (−1): the market's calendar, weekdays when there is none. */
function tradingDays(ctx: AppContext, n: number, step = 1): string[] {
  const out: string[] = [];
  for (let t = now(ctx) + step * DAY_MS; out.length < n; t += step * DAY_MS) {
    const d = shanghaiDay(t);
    const weekday = new Date(`${d}T00:00:00Z`).getUTCDay();
    if (ctx.market ? ctx.market.isTradingDay(d) : weekday !== 0 && weekday !== 6) out.push(d);
  }
  return out;
}

/**
 * The demo's corporate actions, on the stocks its users hold most: a 10派3元 dividend that went ex on the last trading
 * day (applied: its positions' history rows and dividend records are there), a 10派5元 going ex on the next trading day
 * (the job applies it as that day opens), a 10送10 and a 10送3转2派1.2元 after it — the whole cycle on the living demo.
 */
export async function seedCorpActions(ctx: AppContext): Promise<void> {
  const [next, second, third] = tradingDays(ctx, 3) as [string, string, string];
  const [last, before] = tradingDays(ctx, 2, -1) as [string, string];
  // the stocks held most since before the last trading day: the first had its ex-date then
  const held = rows<StockRef>(
    await ctx.db.execute(sql`
      SELECT s.id, s.gid, s.code, s.name FROM stocks s
      JOIN (SELECT gid, count(*) FILTER (WHERE opened_at < ${`${last}T00:00:00+08:00`}::timestamptz) AS old, count(*) AS n
            FROM positions WHERE status = 'open' GROUP BY gid) p ON p.gid = s.gid
      ORDER BY p.old DESC, p.n DESC, s.id LIMIT 4`),
  );
  if (!held.length) return;
  await applyPast(ctx, held[0]!, before, last);
  const today = shanghaiDay(now(ctx));
  const coming = [
    { cashPerShare: '0.5', recordDate: today, exDate: next, payDate: next, note: '2026年度中期分红' },
    { bonusPer10: '10', recordDate: next, exDate: second, note: '资本公积转增及送红股' },
    { bonusPer10: '3', transferPer10: '2', cashPerShare: '0.12', recordDate: second, exDate: third, payDate: third },
  ];
  const items = held.slice(1).map((stock, i) => ({ stock, input: coming[i]! }));
  if (items.length) await ctx.db.transaction((tx) => insertActions(tx as unknown as Db, null, items, { kind: 'entered' }));
}

/** An action of the last trading day, entered the day before and applied as the job would have. */
async function applyPast(ctx: AppContext, stock: StockRef, recordDate: string, exDate: string): Promise<void> {
  const [id] = await ctx.db.transaction((tx) =>
    insertActions(
      tx as unknown as Db,
      null,
      [{ stock, input: { cashPerShare: '0.3', recordDate, exDate, payDate: exDate, note: '2025年度分红' } }],
      {
        kind: 'entered',
      },
    ),
  );
  await ctx.db.execute(sql`UPDATE corp_actions SET created_at = ${`${recordDate}T10:00:00+08:00`}::timestamptz WHERE id = ${id!}`);
  await recordPastExRights(ctx.db, { actionId: id!, gid: stock.gid, exDate, cashPerShare: '0.3' });
  const [admin] = rows<{ id: number }>(await ctx.db.execute(sql`SELECT id FROM admins ORDER BY id LIMIT 1`));
  await runDay(ctx, exDate, admin!.id);
}
