import Decimal from 'decimal.js';
import { and, inArray, sql } from 'drizzle-orm';
import type { PositionItem } from '@stock-admin/contracts';
import type { RiskWarning } from '@stock-admin/contracts';
import { users } from '../_kit/parties.js';
import { rows } from '../../db/rows.js';
import type { AppContext, Principal } from '../../app/context.js';
import { agentScope } from '../_kit/scope.js';
import { riskRules } from '../risk/index.js';
import { usersPastLine } from './sweep.js';

/** The positions page's warning list: users whose loss passed warningPct % of their force-close line, in the caller's scope. */
export async function riskWarnings(ctx: AppContext, admin: Principal): Promise<RiskWarning[]> {
  const { stock } = (await riskRules(ctx)).docs;
  const past = await usersPastLine(ctx.db, stock.forceClosePct, new Decimal(stock.warningPct).dividedBy(100));
  if (!past.length) return [];
  const who = await ctx.db
    .select({ id: users.id, realName: users.realName, nickName: users.nickName, phone: users.phone, agentId: users.agentId })
    .from(users)
    .where(
      and(
        inArray(
          users.id,
          past.map((p) => p.user_id),
        ),
        agentScope(admin, users.agentId),
      ),
    );
  const byId = new Map(who.map((u) => [u.id, u]));
  return past
    .filter((p) => byId.has(p.user_id))
    .map((p) => {
      // the line at the full force-close share (usersPastLine was asked with the warning share)
      const line = new Decimal(p.enable).plus(p.margins).times(stock.forceClosePct).dividedBy(100).toDecimalPlaces(2);
      const u = byId.get(p.user_id);
      return {
        userId: p.user_id,
        userName: u?.realName || u?.nickName || '',
        phone: u?.phone ?? '',
        freeCash: new Decimal(p.enable).toFixed(2),
        margins: new Decimal(p.margins).toFixed(2),
        pnl: new Decimal(p.pnl).toFixed(2),
        line: line.toFixed(2),
        ratioPct: line.isZero() ? '0.00' : new Decimal(p.pnl).negated().times(100).dividedBy(line).toFixed(2),
      };
    })
    .sort((a, b) => Number(b.ratioPct) - Number(a.ratioPct));
}

/**
 * Each listed open position gets its user's distance to the force-close line: the user's unrealised loss
 * (open, unlocked positions at the live quote, as the watcher counts it) as a % of their line.
 */
export async function withLineRatios<T extends { list: PositionItem[] }>(ctx: AppContext, page: T): Promise<T> {
  const ids = [...new Set(page.list.filter((p) => p.status === 'open').map((p) => p.userId))];
  if (!ids.length) return page;
  const { stock } = (await riskRules(ctx)).docs;
  const pct = new Decimal(stock.forceClosePct).dividedBy(100).toString();
  const lines = rows<{ user_id: number; pnl: string | null; line: string }>(
    await ctx.db.execute(sql`
      SELECT p.user_id, sum(CASE WHEN p.direction = 'long' THEN (q.last - p.buy_price) * p.shares
                                 ELSE (p.buy_price - q.last) * p.shares END)::text AS pnl,
             round(${pct}::numeric * (u.enable_amt + sum(p.margin)), 2)::text AS line
      FROM positions p JOIN users u ON u.id = p.user_id LEFT JOIN quotes q ON q.gid = p.gid
      WHERE p.status = 'open' AND NOT p.locked AND p.user_id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
      GROUP BY p.user_id, u.enable_amt`),
  );
  const ratio = new Map(
    lines.map((l) => {
      const line = new Decimal(l.line);
      // a gain is no way towards the line: 0 %
      const loss = l.pnl == null ? null : Decimal.max(0, new Decimal(l.pnl).negated());
      return [l.user_id, loss == null || line.isZero() ? null : loss.times(100).dividedBy(line).toDecimalPlaces(2)] as const;
    }),
  );
  for (const p of page.list) {
    if (p.status !== 'open') continue;
    const r = ratio.get(p.userId) ?? null;
    p.lineRatioPct = r == null ? null : r.toFixed(2);
    p.lineWarning = r != null && r.gte(stock.warningPct);
  }
  return page;
}
