import Decimal from 'decimal.js';
import { and, inArray } from 'drizzle-orm';
import type { RiskWarning } from '@stock-admin/contracts';
import { users } from '../../db/schema/index.js';
import type { AppContext, Principal } from '../../http/context.js';
import { agentScope } from '../agents/scope.js';
import { riskRules } from '../risk/settings.js';
import { usersPastLine } from './jobs.js';

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
