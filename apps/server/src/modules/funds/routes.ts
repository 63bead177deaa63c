import type { FastifyInstance } from 'fastify';
import {
  RECHARGE_STATUS_LABELS,
  WITHDRAW_STATUS_LABELS,
  fundsAppApi,
  paySettingApi,
  rechargeApi,
  withdrawApi,
  type Lang,
} from '@stock-admin/contracts';
import type { AppContext } from '../../app/context.js';
import { guardedRoute, appRoute, route } from '../../http/route.js';
import { fundsGuards } from './approval-guards.js';
import { sendCsv, stamp } from '../../http/csv.js';
import { csvHeader } from './csv.js';
import { getPaySettings, updatePaySettings } from './paysettings.js';
import * as recharge from './recharge.js';
import * as rechargeApp from './recharge-app.js';
import * as withdraw from './withdraw.js';
import './messages.js';

const label = (labels: Record<number, { zh: string; en: string }>, s: number, lang: Lang) =>
  (lang === 'en-US' ? labels[s]?.en : labels[s]?.zh) ?? String(s);

async function* mapBatches<T>(src: AsyncIterable<T[]>, f: (x: T) => unknown[]): AsyncGenerator<unknown[][]> {
  for await (const b of src) yield b.map(f);
}

/** Deposits, withdrawals and the pay settings (/capital/rechargelist, /capital/withdrawallist, /allsetting/paysetting). */
export function fundsRoutes(app: FastifyInstance, ctx: AppContext): void {
  // ---- pay settings ----
  route(app, ctx, paySettingApi.get, () => getPaySettings(ctx.db));
  route(app, ctx, paySettingApi.update, async ({ input, admin, audit, message }) => {
    const { before, after } = await updatePaySettings(ctx, input, admin.adminId);
    audit({ targetId: 'pay', before, after });
    message('paysetting.saved');
    return after;
  });

  // ---- deposits ----
  route(app, ctx, rechargeApi.list, ({ input, admin }) => recharge.listRecharges(ctx, admin, input));
  guardedRoute(app, ctx, fundsGuards.confirm);
  route(app, ctx, rechargeApi.reject, async ({ input, admin, audit, message, req }) => {
    const { item, before, stationError } = await recharge.rejectRecharge(ctx, admin, input.id, input.reason);
    if (stationError) req.log.warn({ err: stationError, userId: item.userId }, 'station message for a rejected deposit failed');
    audit({ targetId: input.id, before, after: { status: item.status, reason: input.reason } });
    message('recharge.rejected');
    return item;
  });
  guardedRoute(app, ctx, fundsGuards.create);
  route(app, ctx, rechargeApi.updateNote, async ({ input, admin, audit, message }) => {
    const { item, before } = await recharge.updateRechargeNote(ctx, admin, input.id, input.note);
    audit({ targetId: input.id, before, after: { adminNote: item.adminNote } });
    message('recharge.note_saved');
    return item;
  });
  route(app, ctx, rechargeApi.export, async ({ input, admin, reply, lang }) => {
    const header = csvHeader('recharge', lang);
    await sendCsv(
      reply,
      { filename: `recharge-${stamp()}.csv`, header, audit: { db: ctx.db, admin, module: 'recharge', filters: input } },
      mapBatches(recharge.rechargeBatches(ctx, admin, input), (r) => [
        r.orderNo,
        r.userId,
        r.phone,
        r.realName,
        r.agentName,
        r.amount,
        r.channel.displayName ?? r.channel.name ?? '',
        label(RECHARGE_STATUS_LABELS, r.status, lang),
        r.source,
        r.payerName,
        r.userNote,
        r.adminNote,
        r.rejectReason,
        r.reviewedByName,
        r.reviewedAt,
        r.createdAt,
      ]),
    );
    return null;
  });

  // ---- withdrawals ----
  route(app, ctx, withdrawApi.list, ({ input, admin }) => withdraw.listWithdrawals(ctx, admin, input));
  guardedRoute(app, ctx, fundsGuards.updateState);
  guardedRoute(app, ctx, fundsGuards.batch);
  route(app, ctx, withdrawApi.export, async ({ input, admin, reply, lang }) => {
    const header = csvHeader('withdraw', lang);
    await sendCsv(
      reply,
      { filename: `withdraw-${stamp()}.csv`, header, audit: { db: ctx.db, admin, module: 'withdraw', filters: input } },
      mapBatches(withdraw.withdrawBatches(ctx, admin, input), (w) => [
        w.orderNo,
        w.userId,
        w.phone,
        w.realName,
        w.agentName,
        w.amount,
        w.fee,
        label(WITHDRAW_STATUS_LABELS, w.status, lang),
        w.bankName,
        w.bankBranch,
        w.holderName,
        w.cardNo,
        w.rejectReason,
        w.payoutChannelName,
        w.reviewedByName,
        w.reviewedAt,
        w.createdAt,
      ]),
    );
    return null;
  });

  // ---- trading app ----
  appRoute(app, ctx, fundsAppApi.channels, ({ user }) => rechargeApp.appChannels(ctx, user.userId));
  appRoute(app, ctx, fundsAppApi.rechargeCreate, async ({ user, input, message }) => {
    const item = await rechargeApp.createUserRecharge(ctx, user.userId, input);
    message('recharge.submitted');
    return item;
  });
  appRoute(app, ctx, fundsAppApi.rechargeReceipt, async ({ user, input, message }) => {
    const item = await rechargeApp.attachReceipt(ctx, user.userId, input.id, input.receipt);
    message('recharge.receipt_saved');
    return item;
  });
  appRoute(app, ctx, fundsAppApi.rechargeCancel, async ({ user, input, message }) => {
    const item = await rechargeApp.cancelUserRecharge(ctx, user.userId, input.id);
    message('recharge.cancelled');
    return item;
  });
  appRoute(app, ctx, fundsAppApi.rechargeList, ({ user, input }) => rechargeApp.listUserRecharges(ctx, user.userId, input));
  appRoute(app, ctx, fundsAppApi.withdrawApply, async ({ user, input, message }) => {
    const item = await withdraw.applyWithdrawal(ctx, user.userId, input);
    message('withdraw.submitted');
    return item;
  });
  appRoute(app, ctx, fundsAppApi.withdrawCancel, async ({ user, input, message }) => {
    const item = await withdraw.cancelWithdrawal(ctx, user.userId, input.id);
    message('withdraw.cancelled');
    return item;
  });
  appRoute(app, ctx, fundsAppApi.withdrawList, ({ user, input }) => withdraw.listUserWithdrawals(ctx, user.userId, input));
}
