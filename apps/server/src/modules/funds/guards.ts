import { sql } from 'drizzle-orm';
import { rows } from '../../db/rows.js';
import { registerMessages } from '../../app/i18n.js';
import type { Domain } from '../_kit/domain.js';

registerMessages({
  'reason.pending_withdrawals': { 'zh-CN': '待处理的提现', 'en-US': 'pending withdrawals' },
  'reason.pending_deposits': { 'zh-CN': '待处理的充值', 'en-US': 'pending deposits' },
});

/** A user with a request in flight cannot be deleted: its money is held, or it may still be credited. */
export const fundsUserDeleteGuards: Domain['userDeleteGuards'] = [
  {
    reason: 'reason.pending_withdrawals',
    check: async (tx, userId) =>
      rows<{ x: number }>(await tx.execute(sql`SELECT 1 AS x FROM withdrawals WHERE user_id = ${userId} AND status = 0 LIMIT 1`)).length >
      0,
  },
  {
    reason: 'reason.pending_deposits',
    check: async (tx, userId) =>
      rows<{ x: number }>(await tx.execute(sql`SELECT 1 AS x FROM recharge_orders WHERE user_id = ${userId} AND status = 0 LIMIT 1`))
        .length > 0,
  },
];
