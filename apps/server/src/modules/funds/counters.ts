import { and, eq, sql } from 'drizzle-orm';
import { RechargeStatus, WithdrawStatus } from '@stock-admin/contracts';
import { rechargeOrders, withdrawals } from './tables.js';
import type { Domain } from '../_kit/domain.js';
import { userScope } from '../_kit/scope.js';

/** Header badges: pending withdrawals (status code 2) and pending deposits, in the caller's scope. */
export const fundsCounters: Domain['counters'] = {
  '2': async (ctx, admin) => {
    const [r] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(withdrawals)
      .where(and(eq(withdrawals.status, WithdrawStatus.PENDING), userScope(admin, withdrawals.userId)));
    return Number(r?.n ?? 0);
  },
  recharge: async (ctx, admin) => {
    const [r] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(rechargeOrders)
      .where(and(eq(rechargeOrders.status, RechargeStatus.PENDING), userScope(admin, rechargeOrders.userId)));
    return Number(r?.n ?? 0);
  },
};
