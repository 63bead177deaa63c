import Decimal from 'decimal.js';
import { tradingApi } from '@stock-admin/contracts';
import { userLabel, yuan } from '../_kit/guards.js';
import { defineGuard } from '../approvals/index.js';
import { registerMessages, t } from '../../app/i18n.js';
import * as lists from './lists.js';
import * as pos from './positions.js';

registerMessages({
  'approval.position.create': {
    'zh-CN': '为 {user} 建仓 {gid} {shares} 股 @ {price}（{amount}）',
    'en-US': 'Open {shares} {gid} at {price} for {user} ({amount})',
  },
});

/** Dual control of a position an admin creates (`position.create`): its value is shares × price. */
export const tradingGuards = {
  create: defineGuard({
    endpoint: tradingApi.create,
    handler: async ({ ctx, input, admin, audit, message }) => {
      const p = await pos.createPosition(ctx, admin, input);
      audit({
        targetId: p.positionNo,
        after: {
          userId: input.userId,
          gid: input.gid,
          shares: input.shares,
          price: input.price,
          leverage: input.leverage,
          margin: p.margin,
        },
      });
      message('trade.created');
      return lists.positionById(ctx.db, p.id);
    },
    target: (i) => `user:${i.userId}:${i.gid}`,
    amount: async (_db, i) => new Decimal(i.price).times(i.shares).toFixed(2),
    summary: async (db, i, lang) =>
      t(lang, 'approval.position.create', {
        user: await userLabel(db, i.userId),
        gid: i.gid,
        shares: i.shares,
        price: String(i.price),
        amount: yuan(new Decimal(i.price).times(i.shares).toFixed(2)),
      }),
  }),
};
