import { z } from 'zod';
import { zNumber } from './fields.js';
import { endpoint } from './endpoint.js';
import { reqAmountNonNeg, reqAmountPositive } from './channels.js';

/**
 * Site-wide deposit and withdrawal rules (/allsetting/paysetting, 支付渠道设置; permission `paysetting`).
 * Times are Asia/Shanghai wall-clock `HH:mm`; the withdrawal window is [withdrawStart, withdrawEnd)
 * and `24:00` may close it at midnight.
 */
const hhmm = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'invalid_time' });
const hhmmEnd = z
  .string()
  .trim()
  .regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, { message: 'invalid_time' });
/** A percentage 0–100 with up to 4 decimals (`0.5` = 0.5 %). */
const percent = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^\d{1,3}(\.\d{1,4})?$/, { message: 'invalid_percent' }))
  .refine((v) => Number.parseFloat(v) <= 100, { message: 'invalid_percent' });

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
