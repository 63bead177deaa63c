import { z } from 'zod';
import { orHeld } from './approvals.js';
import { endpoint } from './endpoint.js';
import { batchResults } from './batch.js';
import { pageOf, pageQuery } from './envelope.js';
import { optionalText, zId } from './fields.js';
import { CHANNEL_TYPES, optAmountNonNeg, reqAmountPositive } from './channels.js';
import { optionalField, zIntIn } from './user-fields.js';
import { zTime } from './time.js';

/**
 * Deposits (/capital/rechargelist, 充值列表) and withdrawals (/capital/withdrawallist, 提现列表),
 * console side (`/admin/recharge/*`, `/admin/withdraw/*`). The trading-app side (`/app/recharge/*`,
 * `/app/withdraw/*`, `/app/channel/list.do`) is in funds-app.ts. DESIGN §5 Recharge order, Withdrawal.
 */

export const RechargeStatus = { PENDING: 0, SUCCESS: 1, FAILED: 2, CANCELLED: 3 } as const;
export const RECHARGE_STATUSES = [0, 1, 2, 3] as const;
export const RECHARGE_STATUS_LABELS: Record<number, { zh: string; en: string }> = {
  0: { zh: '待审核', en: 'Pending' },
  1: { zh: '充值成功', en: 'Successful' },
  2: { zh: '充值失败', en: 'Failed' },
  3: { zh: '已取消', en: 'Cancelled' },
};

export const WithdrawStatus = { PENDING: 0, PAID: 1, REJECTED: 2, CANCELLED: 3 } as const;
export const WITHDRAW_STATUSES = [0, 1, 2, 3] as const;
export const WITHDRAW_STATUS_LABELS: Record<number, { zh: string; en: string }> = {
  0: { zh: '待审核', en: 'Pending' },
  1: { zh: '已打款', en: 'Paid' },
  2: { zh: '已驳回', en: 'Rejected' },
  3: { zh: '已取消', en: 'Cancelled' },
};

const reason = z.preprocess((v) => (v === null ? undefined : v), z.string().trim().min(1).max(200)).describe('Why (shown to the user)');
const note = z.string().trim().max(500);

/** Filters shared by both lists (and their CSV exports). */
const fundFilters = {
  userId: optionalField(zId()),
  /** Phone, real name or order number (prefix for phone/order). */
  keyword: optionalText(64),
  /** Users of this agent's subtree. */
  agentId: optionalField(zId()),
  status: optionalField(zIntIn([0, 1, 2, 3] as const)),
  minAmount: optAmountNonNeg,
  maxAmount: optAmountNonNeg,
  /** Created at or after (ISO, or `YYYY-MM-DD[ HH:mm[:ss]]` in Asia/Shanghai). */
  beginTime: optionalField(zTime('start')),
  endTime: optionalField(zTime('end')),
};

const statusTotals = z.object({ count: z.number().int(), amount: z.string() });
/** Count and sum of everything matching the filters, and per status. */
export const depositWithdrawTotals = z.object({
  count: z.number().int(),
  amount: z.string(),
  byStatus: z.object({ '0': statusTotals, '1': statusTotals, '2': statusTotals, '3': statusTotals }),
});
export type DepositWithdrawTotals = z.infer<typeof depositWithdrawTotals>;

// ---------- deposits (console) ----------

export const rechargeFilters = z.object({
  ...fundFilters,
  channelId: optionalField(zId()),
  source: optionalField(z.enum(['user', 'admin'])),
});
export const rechargeListQuery = pageQuery.extend(rechargeFilters.shape);
export type RechargeFilters = z.output<typeof rechargeFilters>;

export const channelSnapshot = z.object({
  type: z.enum(CHANNEL_TYPES).optional(),
  name: z.string().optional(),
  displayName: z.string().optional(),
  payeeName: z.string().optional(),
  account: z.string().optional(),
  bankName: z.string().optional(),
  bankBranch: z.string().optional(),
  qrImage: z.string().optional(),
});

export const rechargeItem = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  userId: z.number().int(),
  phone: z.string(),
  realName: z.string().nullable(),
  agentId: z.number().int().nullable(),
  agentName: z.string().nullable(),
  amount: z.string(),
  channelId: z.number().int().nullable(),
  channel: channelSnapshot,
  status: z.number().int(),
  source: z.enum(['user', 'admin']),
  payerName: z.string(),
  receiptImage: z.string().nullable(),
  userNote: z.string(),
  adminNote: z.string(),
  rejectReason: z.string().nullable(),
  createdByName: z.string().nullable(),
  reviewedByName: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RechargeItem = z.infer<typeof rechargeItem>;
export const rechargeListData = pageOf(rechargeItem).extend({ totals: depositWithdrawTotals });

export const rechargeConfirmInput = z.object({ id: zId(), note: optionalText(500) });
export const rechargeRejectInput = z.object({ id: zId(), reason });
export const rechargeCreateInput = z
  .object({
    userId: zId(),
    amount: reqAmountPositive,
    channelId: optionalField(zId()),
    /** 0: a pending order to confirm later; 1: credited at once (a note is then required). */
    status: z.preprocess((v) => (v === '' || v == null ? 0 : v), zIntIn([0, 1] as const)),
    note: optionalText(500),
  })
  .superRefine((v, ctx) => {
    if (v.status === 1 && !v.note) ctx.addIssue({ code: 'custom', message: 'required', path: ['note'], input: v.note });
  });
export const rechargeNoteInput = z.object({ id: zId(), note: z.preprocess((v) => (v == null ? '' : v), note) });

// ---------- withdrawals (console) ----------

export const withdrawFilters = z.object({ ...fundFilters });
export const withdrawListQuery = pageQuery.extend(withdrawFilters.shape);
export type WithdrawFilters = z.output<typeof withdrawFilters>;

export const withdrawItem = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  userId: z.number().int(),
  phone: z.string(),
  realName: z.string().nullable(),
  agentId: z.number().int().nullable(),
  agentName: z.string().nullable(),
  /** What the user receives. */
  amount: z.string(),
  /** Charged on top of the amount (amount × percent + fixed at request time). */
  fee: z.string(),
  status: z.number().int(),
  bankName: z.string(),
  bankBranch: z.string(),
  holderName: z.string(),
  /** The full card number for staff who may review withdrawals (edit), masked for the others. */
  cardNo: z.string(),
  userNote: z.string(),
  adminNote: z.string(),
  rejectReason: z.string().nullable(),
  payoutChannelId: z.number().int().nullable(),
  payoutChannelName: z.string().nullable(),
  reviewedByName: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WithdrawItem = z.infer<typeof withdrawItem>;
export const withdrawListData = pageOf(withdrawItem).extend({ totals: depositWithdrawTotals });

const reviewFields = {
  /** 1 paid (approve), 2 rejected (refunds amount and fee). */
  state: zIntIn([1, 2] as const),
  /** Required when rejecting. */
  reason: optionalText(200),
  /** The channel the payout went through (approve only; must be usable for withdrawals). */
  channelId: optionalField(zId()),
  note: optionalText(500),
};
const needReason = (v: { state: number; reason?: string }, ctx: z.RefinementCtx) => {
  if (v.state === 2 && !v.reason) ctx.addIssue({ code: 'custom', message: 'required', path: ['reason'], input: v.reason });
};
export const withdrawUpdateStateInput = z.object({ id: zId(), ...reviewFields }).superRefine(needReason);

/** Selected rows of the list: comma-joined ids or an array (at most 200). */
const idList = z
  .preprocess((v) => (v === undefined || v === null ? '' : v), z.union([z.string(), z.array(z.union([z.string(), z.number()]))]))
  .transform((v) =>
    (Array.isArray(v) ? v.map(String) : v.split(','))
      .map((s) => s.trim())
      .filter(Boolean)
      .map(Number),
  )
  .pipe(z.array(z.number().int().positive()).min(1).max(200));
export const withdrawBatchInput = z.object({ ids: idList, ...reviewFields }).superRefine(needReason);

const deposits = { permission: 'rechargelist' } as const;
const payouts = { permission: 'withdrawallist' } as const;

export const rechargeApi = {
  list: endpoint({
    method: 'POST',
    path: '/admin/recharge/list.do',
    access: { ...deposits, action: 'query' },
    input: rechargeListQuery,
    data: rechargeListData,
    summary: 'Deposit orders with filters and totals',
  }),
  confirm: endpoint({
    method: 'POST',
    path: '/admin/recharge/confirm.do',
    access: { ...deposits, action: 'edit' },
    input: rechargeConfirmInput,
    data: orHeld(rechargeItem),
    module: 'recharge',
    summary: 'Confirm a pending deposit (credits the user once)',
    guard: 'deposit.confirm',
  }),
  reject: endpoint({
    method: 'POST',
    path: '/admin/recharge/reject.do',
    access: { ...deposits, action: 'edit' },
    input: rechargeRejectInput,
    data: rechargeItem,
    module: 'recharge',
    summary: 'Reject a pending deposit with a reason (moves nothing)',
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/recharge/create.do',
    access: { ...deposits, action: 'add' },
    input: rechargeCreateInput,
    data: orHeld(rechargeItem),
    module: 'recharge',
    summary: 'Create a deposit order for a user (pending, or successful at once with a note)',
    guard: 'deposit.create',
  }),
  updateNote: endpoint({
    method: 'POST',
    path: '/admin/recharge/updateNote.do',
    access: { ...deposits, action: 'edit' },
    input: rechargeNoteInput,
    data: rechargeItem,
    module: 'recharge',
    summary: "Edit a deposit's admin note",
  }),
  export: endpoint({
    method: 'POST',
    path: '/admin/recharge/export.do',
    access: { ...deposits, action: 'export' },
    input: rechargeFilters,
    summary: 'The filtered deposits as CSV (UTF-8 with BOM)',
  }),
} as const;

export const withdrawApi = {
  list: endpoint({
    method: 'POST',
    path: '/admin/withdraw/list.do',
    access: { ...payouts, action: 'query' },
    input: withdrawListQuery,
    data: withdrawListData,
    summary: 'Withdrawal requests with filters and totals',
  }),
  updateState: endpoint({
    method: 'POST',
    path: '/admin/withdraw/updateState.do',
    access: { ...payouts, action: 'edit' },
    input: withdrawUpdateStateInput,
    data: orHeld(withdrawItem),
    module: 'withdraw',
    summary: 'Approve (state 1, paid) or reject (state 2, refund) a pending withdrawal',
    guard: 'withdrawal.pay',
  }),
  batch: endpoint({
    method: 'POST',
    path: '/admin/withdraw/batch.do',
    access: { ...payouts, action: 'edit' },
    input: withdrawBatchInput,
    data: orHeld(batchResults),
    module: 'withdraw',
    summary: 'Approve or reject selected withdrawals; each row on its own, result per row',
    guard: 'withdrawal.pay',
  }),
  export: endpoint({
    method: 'POST',
    path: '/admin/withdraw/export.do',
    access: { ...payouts, action: 'export' },
    input: withdrawFilters,
    summary: 'The filtered withdrawals as CSV (UTF-8 with BOM)',
  }),
} as const;
