import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { pageOf, pageQuery } from './envelope.js';
import { optionalText, zId } from './fields.js';
import { CHANNEL_TYPES, reqAmountPositive } from './channels.js';
import { channelSnapshot } from './funds.js';
import { optionalField, userUploadedFile, zIntIn } from './user-fields.js';

/**
 * Deposits and withdrawals, trading-app side (`/app/channel/list.do`, `/app/recharge/*`,
 * `/app/withdraw/*`): what a signed-in user sees of their own orders. Kept apart from the console
 * side in funds.ts, whose schemas carry the operator's view (filters, totals, reviews); this side
 * shares only the channel snapshot with it. DESIGN §5 Recharge order, Withdrawal.
 */

export const appChannelItem = z.object({
  id: z.number().int(),
  type: z.enum(CHANNEL_TYPES),
  displayName: z.string(),
  payeeName: z.string(),
  account: z.string(),
  bankName: z.string(),
  bankBranch: z.string(),
  qrImage: z.string(),
  /** The effective minimum: the larger of the channel's and the site's. */
  minAmount: z.string(),
  maxAmount: z.string().nullable(),
});
export type AppChannelItem = z.infer<typeof appChannelItem>;

export const appRechargeCreateInput = z.object({
  channelId: zId(),
  amount: reqAmountPositive,
  payerName: optionalText(50),
  note: optionalText(200),
});
/** The payment receipt: an image file (multipart) or the URL/path of one already uploaded. */
export const appReceiptInput = z.object({
  id: zId(),
  receipt: z.union([
    userUploadedFile,
    z
      .string()
      .trim()
      .max(500)
      .regex(/^(?!.*\.\.)(https?:\/\/[^\s]+|\/(uploads|admin\/user\/file)\/[\w./-]+)$/i, { message: 'invalid_image' }),
  ]),
});
export const appIdInput = z.object({ id: zId() });
export const appFundListQuery = pageQuery.extend({ status: optionalField(zIntIn([0, 1, 2, 3] as const)) });

export const appRechargeItem = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  amount: z.string(),
  status: z.number().int(),
  channel: channelSnapshot,
  payerName: z.string(),
  receiptImage: z.string().nullable(),
  userNote: z.string(),
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AppRechargeItem = z.infer<typeof appRechargeItem>;

export const appWithdrawApplyInput = z.object({
  amount: reqAmountPositive,
  /** One of the user's bank cards; default the most recently added. */
  bankId: optionalField(zId()),
  note: optionalText(200),
});
export const appWithdrawItem = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  amount: z.string(),
  fee: z.string(),
  status: z.number().int(),
  bankName: z.string(),
  cardNoMasked: z.string(),
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AppWithdrawItem = z.infer<typeof appWithdrawItem>;

export const fundsAppApi = {
  channels: endpoint({
    method: 'POST',
    path: '/app/channel/list.do',
    access: 'signedIn',
    data: z.array(appChannelItem),
    summary: "Channels the user's tier may pay into",
  }),
  rechargeCreate: endpoint({
    method: 'POST',
    path: '/app/recharge/create.do',
    access: 'signedIn',
    input: appRechargeCreateInput,
    data: appRechargeItem,
    summary: 'Open a deposit order',
  }),
  rechargeReceipt: endpoint({
    method: 'POST',
    path: '/app/recharge/receipt.do',
    access: 'signedIn',
    input: appReceiptInput,
    data: appRechargeItem,
    summary: 'Attach the payment receipt to a pending order (multipart file or image URL)',
  }),
  rechargeCancel: endpoint({
    method: 'POST',
    path: '/app/recharge/cancel.do',
    access: 'signedIn',
    input: appIdInput,
    data: appRechargeItem,
    summary: 'Cancel a pending deposit order',
  }),
  rechargeList: endpoint({
    method: 'POST',
    path: '/app/recharge/list.do',
    access: 'signedIn',
    input: appFundListQuery,
    data: pageOf(appRechargeItem),
    summary: 'Own deposit orders',
  }),
  withdrawApply: endpoint({
    method: 'POST',
    path: '/app/withdraw/apply.do',
    access: 'signedIn',
    input: appWithdrawApplyInput,
    data: appWithdrawItem,
    summary: 'Request a withdrawal (amount and fee are held at once)',
  }),
  withdrawCancel: endpoint({
    method: 'POST',
    path: '/app/withdraw/cancel.do',
    access: 'signedIn',
    input: appIdInput,
    data: appWithdrawItem,
    summary: 'Cancel a pending withdrawal (refunds amount and fee)',
  }),
  withdrawList: endpoint({
    method: 'POST',
    path: '/app/withdraw/list.do',
    access: 'signedIn',
    input: appFundListQuery,
    data: pageOf(appWithdrawItem),
    summary: 'Own withdrawal requests',
  }),
} as const;
