import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { RealState, type authByAdminInput } from '@stock-admin/contracts';
import { users } from '../../db/schema/index.js';
import type { AppContext, Principal } from '../../http/context.js';
import { fail } from '../../http/errors.js';
import { assertUserInScope } from '../_kit/scope.js';
import { notify } from '../../realtime/notify.js';
import { getUserForUpdate } from './service.js';
import { userItemById } from './shapes.js';
import './messages.js';

/** `authByAdmin.do`: approve (2) or reject (3, reason required) a pending real-name submission, once. */
export async function reviewRealName(ctx: AppContext, p: Principal, input: z.output<typeof authByAdminInput>) {
  await assertUserInScope(ctx.db, p, input.id, 'id');
  const before = await userItemById(ctx.db, input.id);
  await ctx.db.transaction(async (tx) => {
    const u = await getUserForUpdate(tx, input.id);
    if (Number(u.realState) !== RealState.PENDING) throw fail('user_real_not_pending');
    await tx
      .update(users)
      .set({
        realState: input.state,
        realRejectReason: input.state === RealState.REJECTED ? input.reason! : null,
        realReviewedAt: new Date(),
        realReviewedBy: p.adminId,
        updatedAt: new Date(),
      })
      .where(eq(users.id, u.id));
  });
  notify(ctx, { type: 'REAL_REVIEWED', userId: input.id, data: { id: input.id, userId: input.id } });
  const after = await userItemById(ctx.db, input.id);
  return {
    item: after,
    before: { realState: before.realState },
    after: { realState: after.realState, realRejectReason: after.realRejectReason },
  };
}
