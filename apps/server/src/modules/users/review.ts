import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { RealState, type appRealNameInput, type authByAdminInput } from '@stock-admin/contracts';
import { users } from '../_kit/parties.js';
import type { AppContext, Principal } from '../../app/context.js';
import { fail } from '../../http/errors.js';
import { assertUserInScope } from '../_kit/scope.js';
import { notify } from '../../realtime/notify.js';
import { getUserForUpdate, userSummary } from './service.js';
import { maskIdNumber, userItemById } from './shapes.js';
import { attachUploads, saveUpload } from './uploads.js';
import './messages.js';

/**
 * Real-name submission: stores the ID photos, puts the user in review (state 1) and raises
 * IDVERIFY_SUBMIT and REAL_CHANGE. Allowed from "none" and "rejected" only.
 */
export async function submitRealName(ctx: AppContext, userId: number, input: z.output<typeof appRealNameInput>): Promise<void> {
  const summary = await ctx.db.transaction(async (tx) => {
    const u = await getUserForUpdate(tx, userId);
    const state = Number(u.realState);
    if (state === RealState.PENDING || state === RealState.APPROVED) throw fail('user_real_not_allowed');
    const front = await saveUpload(tx, input.idFront, { appUserId: u.id, userId: u.id });
    const back = await saveUpload(tx, input.idBack, { appUserId: u.id, userId: u.id });
    await attachUploads(tx, [front.key, back.key], u.id);
    await tx
      .update(users)
      .set({
        realName: input.realName,
        idNumberSealed: ctx.secrets.seal(input.idNumber),
        idNumberMasked: maskIdNumber(input.idNumber),
        idFront: front.key,
        idBack: back.key,
        realState: RealState.PENDING,
        realRejectReason: null,
        realSubmittedAt: new Date(),
        realReviewedAt: null,
        realReviewedBy: null,
        updatedAt: new Date(),
      })
      .where(eq(users.id, u.id));
    return userSummary({ ...u, realName: input.realName });
  });
  const data = { id: summary.id, userId: summary.id, userName: summary.userName, phone: summary.phone };
  notify(ctx, { type: 'IDVERIFY_SUBMIT', data, userId: summary.id });
  notify(ctx, { type: 'REAL_CHANGE', data, userId: summary.id });
}

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
