import { usersApi } from '@stock-admin/contracts';
import { userLabel, yuan } from '../_kit/guards.js';
import { defineGuard } from '../approvals/index.js';
import { registerMessages, t } from '../../app/i18n.js';
import { adjustBalance } from './balance.js';

registerMessages({
  'approval.balance.credit': { 'zh-CN': '给 {user} 加款 {amount}', 'en-US': 'Credit {user} with {amount}' },
  'approval.balance.debit': { 'zh-CN': '给 {user} 扣款 {amount}', 'en-US': 'Debit {amount} from {user}' },
});

/**
 * Dual control of a user's balance (`balance`): one pending adjustment per user, held at or over the threshold; run
 * now, or as its maker once a second administrator approves it — through the ledger either way (./balance.ts).
 */
const balance = (endpoint: typeof usersApi.updateAmt | typeof usersApi.virtualUpdateAmt, virtualOnly: boolean) =>
  defineGuard({
    endpoint,
    handler: async ({ ctx, input, admin, audit }) => {
      const r = await adjustBalance(ctx, admin, input, { virtualOnly });
      audit({ targetId: input.userId, before: r.before, after: r.data });
      return r.data;
    },
    target: (i) => `user:${i.userId}`,
    amount: async (_db, i) => i.amt,
    summary: async (db, i, lang) =>
      t(lang, i.direction === 0 ? 'approval.balance.credit' : 'approval.balance.debit', {
        user: await userLabel(db, i.userId),
        amount: yuan(i.amt),
      }),
  });

export const usersGuards = {
  updateAmt: balance(usersApi.updateAmt, false),
  virtualUpdateAmt: balance(usersApi.virtualUpdateAmt, true),
};
