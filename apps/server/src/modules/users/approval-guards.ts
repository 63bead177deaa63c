import { usersApi } from '@stock-admin/contracts';
import { defineGuard, userLabel, yuan } from '../_kit/guards.js';
import { registerMessages } from '../../app/i18n.js';
import { t } from '../../app/i18n.js';

registerMessages({
  'approval.balance.credit': { 'zh-CN': '给 {user} 加款 {amount}', 'en-US': 'Credit {user} with {amount}' },
  'approval.balance.debit': { 'zh-CN': '给 {user} 扣款 {amount}', 'en-US': 'Debit {amount} from {user}' },
});

/** Dual control of a user's balance (`balance`): one pending adjustment per user, held at or over the threshold. */
const balance = (endpoint: typeof usersApi.updateAmt | typeof usersApi.virtualUpdateAmt) =>
  defineGuard({
    endpoint,
    target: (i) => `user:${i.userId}`,
    amount: async (_db, i) => i.amt,
    summary: async (db, i, lang) =>
      t(lang, i.direction === 0 ? 'approval.balance.credit' : 'approval.balance.debit', {
        user: await userLabel(db, i.userId),
        amount: yuan(i.amt),
      }),
  });

export const usersGuards = [balance(usersApi.updateAmt), balance(usersApi.virtualUpdateAmt)];
