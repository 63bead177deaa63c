import { and, count, eq } from 'drizzle-orm';
import { orders } from './tables.js';
import type { Domain } from '../_kit/domain.js';
import { userScope } from '../_kit/scope.js';

/** Badge 19 (stock buys): pending buys in the caller's scope. */
export const tradingCounters: Domain['counters'] = {
  '19': async (ctx, admin) => {
    const [r] = await ctx.db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.kind, 'buy'), eq(orders.status, 'pending'), userScope(admin, orders.userId)));
    return Number(r?.n ?? 0);
  },
};
