import { and, count, eq, isNull } from 'drizzle-orm';
import { RealState } from '@stock-admin/contracts';
import { users } from '../_kit/parties.js';
import type { AppContext, Principal } from '../../app/context.js';
import type { Domain } from '../_kit/domain.js';
import { agentScope } from '../_kit/scope.js';

/** Real-name submissions waiting for review, in the admin's scope (index users_pending_real_idx). */
export async function pendingRealNameCount(ctx: AppContext, admin: Principal): Promise<number> {
  const [r] = await ctx.db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.realState, RealState.PENDING), isNull(users.deletedAt), agentScope(admin, users.agentId)));
  return Number(r?.n ?? 0);
}

// Badge 21 (real-name review) and the identity-verify count show the same pending submissions.
export const usersCounters: Domain['counters'] = { '21': pendingRealNameCount, idVerify: pendingRealNameCount };
