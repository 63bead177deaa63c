import { z } from 'zod';
import { hhmm, hhmmEnd, percent, zNumber } from './fields.js';
import { endpoint } from './endpoint.js';
import { reqAmountNonNeg, reqAmountPositive } from './channels.js';

/**
 * Site-wide deposit and withdrawal rules (/allsetting/paysetting, 支付渠道设置; permission `paysetting`).
 * Times are Asia/Shanghai wall-clock `HH:mm`; the withdrawal window is [withdrawStart, withdrawEnd)
 * and `24:00` may close it at midnight.
 */
export const paySettingsInput = z
  .object({
    /** Minimum amount of one deposit order. */
    minRecharge: reqAmountPositive,
    /** Minimum amount of one withdrawal request. */
    minWithdraw: reqAmountPositive,
    /** Fee = amount × withdrawFeePercent / 100 + withdrawFeeFixed (rounded to cents, half up). */
    withdrawFeePercent: percent,
    withdrawFeeFixed: reqAmountNonNeg,
    withdrawStart: hhmm,
    withdrawEnd: hhmmEnd,
    /** How many pending deposit orders a user may open within one hour. */
    maxOpenRechargePerHour: zNumber(z.number().int().min(1).max(100)),
  })
  .superRefine((v, ctx) => {
    if (v.withdrawStart >= v.withdrawEnd)
      ctx.addIssue({ code: 'custom', message: 'invalid_time_window', path: ['withdrawEnd'], input: v.withdrawEnd });
  });
export type PaySettingsInput = z.output<typeof paySettingsInput>;

export const paySettings = z.object({
  minRecharge: z.string(),
  minWithdraw: z.string(),
  withdrawFeePercent: z.string(),
  withdrawFeeFixed: z.string(),
  withdrawStart: z.string(),
  withdrawEnd: z.string(),
  maxOpenRechargePerHour: z.number().int(),
  /** The time zone of the withdrawal window. */
  timeZone: z.string(),
  updatedAt: z.string(),
});
export type PaySettings = z.infer<typeof paySettings>;

export const paySettingApi = {
  get: endpoint({
    method: 'POST',
    path: '/admin/paySetting/get.do',
    access: { permission: 'paysetting', action: 'query' },
    data: paySettings,
    summary: 'Deposit and withdrawal rules',
  }),
  update: endpoint({
    method: 'POST',
    path: '/admin/paySetting/update.do',
    access: { permission: 'paysetting', action: 'edit' },
    input: paySettingsInput,
    data: paySettings,
    module: 'paysetting',
    summary: 'Save deposit and withdrawal rules',
  }),
} as const;
