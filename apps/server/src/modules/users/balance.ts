import type { z } from 'zod';
import type { updateAmtInput } from '@stock-admin/contracts';
import type { AppContext, Principal } from '../../app/context.js';
import { fail } from '../../http/errors.js';
import { post, type LedgerEntry } from '../fundrecords/index.js';
import { assertUserInScope, isAgentStaff } from '../_kit/scope.js';
import { getUserForUpdate } from './service.js';
import './messages.js';

/**
 * `updateAmt.do` / `virtualUpdateAmt.do`: credits (direction 0) or debits (1) free cash and equity
 * through the ledger with the admin's note. Debits cannot exceed free cash (the ledger refuses).
 * Simulated accounts always get virtual_* records; virtualUpdateAmt refuses real accounts; agent
 * staff may only adjust simulated accounts.
 */
export async function adjustBalance(ctx: AppContext, p: Principal, input: z.output<typeof updateAmtInput>, opts: { virtualOnly: boolean }) {
  await assertUserInScope(ctx.db, p, input.userId, 'userId');
  return ctx.db.transaction(async (tx) => {
    const u = await getUserForUpdate(tx, input.userId);
    const simulated = Number(u.accountType) === 1;
    if (opts.virtualOnly && !simulated) throw fail('user_not_simulated');
    if (!simulated && isAgentStaff(p)) throw fail('agent_staff_money_forbidden');
    const credit = input.direction === 0;
    const type: LedgerEntry['type'] = simulated ? (credit ? 'virtual_credit' : 'virtual_debit') : credit ? 'manual_credit' : 'manual_debit';
    const [rec] = await post(tx, u.id, [{ type, amount: credit ? input.amt : `-${input.amt}`, adminId: p.adminId, note: input.note }]);
    return {
      data: { userId: u.id, userAmt: rec!.userAmtAfter, enableAmt: rec!.enableAmtAfter, frozenAmt: rec!.frozenAmtAfter, recordId: rec!.id },
      before: { userAmt: u.userAmt, enableAmt: u.enableAmt, frozenAmt: u.frozenAmt },
    };
  });
}
