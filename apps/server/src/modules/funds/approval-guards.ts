import Decimal from 'decimal.js';
import { eq, inArray } from 'drizzle-orm';
import { rechargeApi, withdrawApi } from '@stock-admin/contracts';
import type { Db } from '../../db/client.js';
import { userLabel, yuan } from '../_kit/guards.js';
import { defineGuard } from '../approvals/index.js';
import { registerMessages, t } from '../../app/i18n.js';
import { rechargeOrders, withdrawals } from './tables.js';
import * as recharge from './recharge.js';
import * as withdraw from './withdraw.js';

registerMessages({
  'approval.deposit.create': { 'zh-CN': '为 {user} 创建充值 {amount}', 'en-US': 'Create a deposit of {amount} for {user}' },
  'approval.deposit.confirm': {
    'zh-CN': '确认 {user} 的充值 {orderNo}（{amount}）',
    'en-US': 'Confirm deposit {orderNo} of {user} ({amount})',
  },
  'approval.withdrawal.pay': { 'zh-CN': '向 {user} 打款 {orderNo}（{amount}）', 'en-US': 'Pay withdrawal {orderNo} to {user} ({amount})' },
  'approval.withdrawal.payMany': { 'zh-CN': '批量打款 {count} 笔，共 {amount}', 'en-US': 'Pay {count} withdrawals, {amount} in all' },
});

const deposit = async (db: Db, id: number) =>
  (
    await db
      .select({ userId: rechargeOrders.userId, amount: rechargeOrders.amount, orderNo: rechargeOrders.orderNo })
      .from(rechargeOrders)
      .where(eq(rechargeOrders.id, id))
  )[0];
const payouts = (db: Db, ids: number[]) =>
  db
    .select({ userId: withdrawals.userId, amount: withdrawals.amount, orderNo: withdrawals.orderNo })
    .from(withdrawals)
    .where(inArray(withdrawals.id, ids));
const ids = (list: readonly (string | number)[]) => list.map(Number).filter((n) => Number.isInteger(n) && n > 0);

/** Dual control of money coming in (`deposit.create`, `deposit.confirm`) and going out (`withdrawal.pay`). */
export const fundsGuards = {
  create: defineGuard({
    endpoint: rechargeApi.create,
    handler: async ({ ctx, input, admin, audit, message }) => {
      const item = await recharge.adminCreateRecharge(ctx, admin, input);
      audit({ targetId: item.id, after: { userId: item.userId, amount: item.amount, status: item.status, orderNo: item.orderNo } });
      message('recharge.created');
      return item;
    },
    target: (i) => `user:${i.userId}`,
    amount: async (_db, i) => i.amount,
    summary: async (db, i, lang) => t(lang, 'approval.deposit.create', { user: await userLabel(db, i.userId), amount: yuan(i.amount) }),
  }),
  confirm: defineGuard({
    endpoint: rechargeApi.confirm,
    handler: async ({ ctx, input, admin, audit, message }) => {
      const { item, before } = await recharge.confirmRecharge(ctx, admin, input.id, input.note);
      audit({ targetId: input.id, before, after: { status: item.status, userId: item.userId, amount: item.amount } });
      message('recharge.confirmed');
      return item;
    },
    target: (i) => `deposit:${i.id}`,
    amount: async (db, i) => (await deposit(db, i.id))?.amount ?? null,
    summary: async (db, i, lang) => {
      const d = await deposit(db, i.id);
      if (!d) return `#${i.id}`;
      return t(lang, 'approval.deposit.confirm', { user: await userLabel(db, d.userId), orderNo: d.orderNo, amount: yuan(d.amount) });
    },
  }),
  updateState: defineGuard({
    endpoint: withdrawApi.updateState,
    handler: async ({ ctx, input, admin, audit, message }) => {
      const { item, before } = await withdraw.reviewWithdrawal(ctx, admin, input.id, input);
      audit({
        targetId: input.id,
        before,
        after: { status: item.status, reason: item.rejectReason, userId: item.userId, amount: item.amount, fee: item.fee },
      });
      message(input.state === 1 ? 'withdraw.approved' : 'withdraw.rejected');
      return item;
    },
    // only paying out is guarded: a rejection returns the money to the user
    applies: (i) => i.state === 1,
    target: (i) => `withdrawal:${i.id}`,
    amount: async (db, i) => (await payouts(db, [i.id]))[0]?.amount ?? null,
    summary: async (db, i, lang) => {
      const [w] = await payouts(db, [i.id]);
      if (!w) return `#${i.id}`;
      return t(lang, 'approval.withdrawal.pay', { user: await userLabel(db, w.userId), orderNo: w.orderNo, amount: yuan(w.amount) });
    },
  }),
  batch: defineGuard({
    endpoint: withdrawApi.batch,
    handler: async ({ ctx, input, admin, audit, message, lang }) => {
      const r = await withdraw.batchReview(ctx, admin, input.ids, input, lang);
      audit({
        targetId: input.ids.join(','),
        after: { state: input.state, succeeded: r.ok, failed: r.failed, results: r.results.map(({ id, ok }) => ({ id, ok })) },
      });
      message('withdraw.batch_done', { ok: r.ok, failed: r.failed });
      return r;
    },
    applies: (i) => i.state === 1,
    target: (i) =>
      `withdrawals:${ids(i.ids)
        .sort((a, b) => a - b)
        .join(',')}`.slice(0, 500),
    // a batch pays its total at once: held when the total reaches the threshold (splitting a payout does not evade it)
    amount: async (db, i) => {
      const rows = await payouts(db, ids(i.ids));
      return rows.length ? rows.reduce((a, r) => a.plus(r.amount), new Decimal(0)).toFixed(2) : null;
    },
    summary: async (db, i, lang) => {
      const rows = await payouts(db, ids(i.ids));
      const sum = rows.reduce((a, r) => a.plus(r.amount), new Decimal(0)).toFixed(2);
      return t(lang, 'approval.withdrawal.payMany', { count: rows.length, amount: yuan(sum) });
    },
  }),
};
