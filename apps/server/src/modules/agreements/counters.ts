import { and, count, eq } from 'drizzle-orm';
import { userAgreements } from './tables.js';
import type { Domain } from '../_kit/domain.js';
import { userScope } from '../_kit/scope.js';

/** Badge 22: signed contracts waiting for review, in the caller's scope. */
export const agreementsCounters: Domain['counters'] = {
  '22': async (ctx, admin) => {
    const [r] = await ctx.db
      .select({ n: count() })
      .from(userAgreements)
      .where(and(eq(userAgreements.status, 'signed'), userScope(admin, userAgreements.userId)));
    return Number(r?.n ?? 0);
  },
};
