import { and, count, eq } from 'drizzle-orm';
import { blockRequests } from './tables.js';
import type { Domain } from '../_kit/domain.js';
import { userScope } from '../_kit/scope.js';

/** Badge 20: pending block-trade requests in the caller's scope. */
export const blocktradeCounters: Domain['counters'] = {
  '20': async (ctx, admin) => {
    const [r] = await ctx.db
      .select({ n: count() })
      .from(blockRequests)
      .where(and(eq(blockRequests.status, 'pending'), userScope(admin, blockRequests.userId)));
    return Number(r?.n ?? 0);
  },
};
