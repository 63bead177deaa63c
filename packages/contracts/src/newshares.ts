import { z } from 'zod';
import { optionalText, zBool, zId, zNumber } from './fields.js';
import { orHeld } from './approvals.js';
import { endpoint } from './endpoint.js';
import { batchResults } from './batch.js';
import { optionalTime, zDay } from './time.js';
import { pageOf, pageQuery } from './envelope.js';
import { MARKETS } from './products.js';
import { stockBoardOf } from './stock-codes.js';
import { userUploadedFile } from './user-fields.js';
import { BOND_FACE_VALUE, BOND_LOT, ISSUE_KINDS, ISSUE_PHASES, SHARE_LOT, SUBSCRIBE_TYPES, type IssueKind } from './newshares-rules.js';

/**
 * New shares and new bonds (issue 23; spec §2 `/newshares`: newshareslist 新股列表, newzhailist 新债列表,
 * newsharesrecord 新股申购记录, newzhairecord 新债申购记录). Money is decimal strings (two decimals),
 * prices four at most. Subscriptions move 1 pending → 2 not allotted / 3 allotted → 4 paid → 5 converted;
 * 6 forfeited (unpaid past the deadline) and 7 cancelled (by the user while pending) end it early.
 * The status machine, lots and phases are in newshares-rules.ts; this file holds the schemas and endpoints.
 */

const day = zDay();
const issuePrice = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^\d{1,10}(\.\d{1,4})?$/, { message: 'invalid_issue_price' }))
  .refine((v) => Number(v) > 0, { message: 'invalid_issue_price' });
const pe = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^\d{1,10}(\.\d{1,2})?$/, { message: 'invalid_pe_ratio' }))
  .optional();
const qty = zNumber(z.number().int().positive().max(1e12));

const issueFields = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { message: 'invalid_stock_code' }),
  name: z.string().trim().min(1).max(40),
  market: z.enum(MARKETS),
  underlyingCode: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { message: 'invalid_underlying_code' })
    .optional(),
  issuePrice,
  peRatio: pe,
  issueSize: qty,
  maxPerUser: qty,
  subscribeType: z.enum(SUBSCRIBE_TYPES),
  subscribeDate: day,
  allotDate: day,
  /** Payment deadline: a Shanghai day; payments are accepted until 23:59:59 of it (Shanghai time). */
  payDeadline: day,
  listingDate: day,
  shown: zBool().default(true),
  locked: zBool().default(false),
  /** On listing day the conversion job turns paid subscriptions into positions (otherwise an operator converts). */
  autoConvert: zBool().default(true),
});

/** The checks across fields, each naming the field it blames (the message key is the zod message). */
export function issueProblems(kind: IssueKind, v: z.output<typeof issueFields>): { path: string; message: string }[] {
  const out: { path: string; message: string }[] = [];
  if (kind === 'share') {
    const board = stockBoardOf(v.market, v.code);
    if ('problem' in board) out.push({ path: 'code', message: board.problem });
  } else if (!v.underlyingCode) out.push({ path: 'underlyingCode', message: 'underlying_required' });
  if (!(v.subscribeDate <= v.allotDate)) out.push({ path: 'allotDate', message: 'dates_out_of_order' });
  if (!(v.allotDate <= v.payDeadline)) out.push({ path: 'payDeadline', message: 'dates_out_of_order' });
  if (!(v.payDeadline <= v.listingDate)) out.push({ path: 'listingDate', message: 'dates_out_of_order' });
  const lot = kind === 'bond' ? BOND_LOT : SHARE_LOT;
  if (v.maxPerUser % lot !== 0) out.push({ path: 'maxPerUser', message: 'cap_not_lot_multiple' });
  if (v.maxPerUser > v.issueSize) out.push({ path: 'maxPerUser', message: 'cap_above_issue_size' });
  if (kind === 'bond' && v.issuePrice !== BOND_FACE_VALUE && Number(v.issuePrice) !== 100)
    out.push({ path: 'issuePrice', message: 'bond_face_value' });
  return out;
}

const withChecks = (kind: IssueKind) =>
  issueFields.superRefine((v, ctx) => {
    for (const p of issueProblems(kind, v)) ctx.addIssue({ code: 'custom', path: [p.path], message: p.message });
  });
export const addShareIssueInput = withChecks('share');
export const addBondIssueInput = withChecks('bond');
export type IssueInput = z.output<typeof issueFields>;
export const updateIssueInput = (kind: IssueKind) =>
  issueFields.extend({ id: zId() }).superRefine((v, ctx) => {
    for (const p of issueProblems(kind, v)) ctx.addIssue({ code: 'custom', path: [p.path], message: p.message });
  });
export const issueIdInput = z.object({ id: zId() });
export const issueShowInput = z.object({ id: zId(), shown: zBool() });
export const issueLockInput = z.object({ id: zId(), locked: zBool() });

// ---- the platform user API ----
export const applyInput = z.object({ issueId: zId(), quantity: qty });
export const subscriptionIdInput = z.object({ id: zId() });

// ---- admin subscription records ----
export const allotInput = z.object({ id: zId(), quantity: zNumber(z.number().int().min(0).max(1e12)) });
/** One CSV row of a batch allotment: the subscription by order no or by the user's phone (with the issue). */
export const ALLOT_CSV_COLUMNS = ['orderNo', 'phone', 'allotted'] as const;
export const ALLOT_ROW_RESULTS = ['ok', 'failed'] as const;
export const allotRowResult = z.object({
  line: z.number().int(),
  orderNo: z.string().optional(),
  phone: z.string().optional(),
  allotted: z.number().int().optional(),
  result: z.enum(ALLOT_ROW_RESULTS),
  reason: z.string().optional(),
});
export type AllotRowResult = z.infer<typeof allotRowResult>;
/** Rows of one batch-allotment file at most (the bench allots 100,000 in one). */
export const ALLOT_MAX_ROWS = 200_000;
export const batchAllotInput = z.object({ issueId: zId(), file: userUploadedFile });
/** `applied` false: some row failed and nothing was written (the report says which and why). */
export const batchAllotData = z.object({
  applied: z.boolean(),
  allotted: z.number().int(),
  notAllotted: z.number().int(),
  failed: z.number().int(),
  rows: z.array(allotRowResult),
});
export type BatchAllotData = z.infer<typeof batchAllotData>;
/** Batch conversion: each id on its own (one refusal does not hold back the others). */
export const BATCH_CONVERT_MAX = 500;
export const batchConvertInput = z.object({ ids: z.array(zId()).min(1).max(BATCH_CONVERT_MAX) });

// ---- items and lists ----
export const issueItem = z.object({
  id: z.number().int(),
  kind: z.enum(ISSUE_KINDS),
  code: z.string(),
  name: z.string(),
  market: z.enum(MARKETS),
  board: z.string(),
  underlyingCode: z.string().nullable(),
  issuePrice: z.string(),
  peRatio: z.string().nullable(),
  issueSize: z.number(),
  lotSize: z.number().int(),
  maxPerUser: z.number(),
  subscribeType: z.enum(SUBSCRIBE_TYPES),
  subscribeDate: z.string(),
  allotDate: z.string(),
  payDeadline: z.string(),
  listingDate: z.string(),
  shown: z.boolean(),
  locked: z.boolean(),
  autoConvert: z.boolean(),
  phase: z.enum(ISSUE_PHASES),
  subscriptions: z.number().int(),
});
export type IssueItem = z.infer<typeof issueItem>;
export const issueListQuery = pageQuery.extend({
  keyword: optionalText(40),
  subscribeType: z.enum(SUBSCRIBE_TYPES).optional(),
  phase: z.enum(ISSUE_PHASES).optional(),
});

export const subscriptionItem = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  issueId: z.number().int(),
  kind: z.enum(ISSUE_KINDS),
  code: z.string(),
  name: z.string(),
  subscribeType: z.enum(SUBSCRIBE_TYPES),
  issuePrice: z.string(),
  userId: z.number().int(),
  phone: z.string(),
  realName: z.string().nullable(),
  agentId: z.number().int().nullable(),
  status: z.number().int(),
  appliedQty: z.number(),
  allottedQty: z.number(),
  frozenAmount: z.string(),
  paidAmount: z.string(),
  positionId: z.number().int().nullable(),
  createdAt: z.string(),
  allottedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  convertedAt: z.string().nullable(),
});
export type SubscriptionItem = z.infer<typeof subscriptionItem>;
export const subscriptionListQuery = pageQuery.extend({
  userId: zNumber(z.number().int().positive()).optional(),
  phone: optionalText(20),
  agentId: zNumber(z.number().int().positive()).optional(),
  issueId: zNumber(z.number().int().positive()).optional(),
  status: zNumber(z.number().int().min(1).max(7)).optional(),
  subscribeType: z.enum(SUBSCRIBE_TYPES).optional(),
  beginTime: optionalTime('start'),
  endTime: optionalTime('end'),
});
export type SubscriptionListQuery = z.output<typeof subscriptionListQuery>;
export const subscriptionTotals = z.object({ applied: z.number(), allotted: z.number(), frozen: z.string() });
export const subscriptionPage = pageOf(subscriptionItem).extend({ totals: subscriptionTotals });
export const addSubscriptionInput = z.object({ userId: zId(), issueId: zId(), quantity: qty });

const perm = (action: 'query' | 'get' | 'add' | 'edit' | 'delete' | 'enable' | 'disable' | 'import') => ({
  permission: 'newshares' as const,
  action,
});
const issueEndpoints = (kind: IssueKind, base: '/admin/subscribe' | '/admin/bond') => ({
  list: endpoint({ method: 'POST', path: `${base}/list.do`, access: perm('query'), input: issueListQuery, data: pageOf(issueItem) }),
  add: endpoint({
    method: 'POST',
    path: `${base}/add.do`,
    access: perm('add'),
    input: kind === 'bond' ? addBondIssueInput : addShareIssueInput,
    data: issueItem,
    module: 'newshares',
  }),
  update: endpoint({
    method: 'POST',
    path: `${base}/update.do`,
    access: perm('edit'),
    input: updateIssueInput(kind),
    data: issueItem,
    module: 'newshares',
  }),
  delete: endpoint({ method: 'POST', path: `${base}/delete.do`, access: perm('delete'), input: issueIdInput, module: 'newshares' }),
  updateShow: endpoint({
    method: 'POST',
    path: `${base}/updateShow.do`,
    access: perm('edit'),
    input: issueShowInput,
    data: issueItem,
    module: 'newshares',
  }),
  updateLock: endpoint({
    method: 'POST',
    path: `${base}/updateLock.do`,
    access: perm('edit'),
    input: issueLockInput,
    data: issueItem,
    module: 'newshares',
  }),
});
const recordPath = (p: string) => `/admin/subscribe/record/${p}.do`;
export const newsharesApi = {
  shares: issueEndpoints('share', '/admin/subscribe'),
  bonds: issueEndpoints('bond', '/admin/bond'),
  records: endpoint({
    method: 'POST',
    path: recordPath('list'),
    access: perm('query'),
    input: subscriptionListQuery.extend({ kind: z.enum(ISSUE_KINDS).default('share') }),
    data: subscriptionPage,
  }),
  allot: endpoint({
    method: 'POST',
    path: recordPath('allot'),
    access: perm('edit'),
    input: allotInput,
    data: orHeld(subscriptionItem),
    module: 'newshares',
    guard: 'newshare.allot',
  }),
  notAllot: endpoint({
    method: 'POST',
    path: recordPath('notAllot'),
    access: perm('edit'),
    input: subscriptionIdInput,
    data: subscriptionItem,
    module: 'newshares',
  }),
  pay: endpoint({
    method: 'POST',
    path: recordPath('pay'),
    access: perm('edit'),
    input: subscriptionIdInput,
    data: subscriptionItem,
    module: 'newshares',
  }),
  convert: endpoint({
    method: 'POST',
    path: recordPath('convert'),
    access: perm('edit'),
    input: subscriptionIdInput,
    data: subscriptionItem,
    module: 'newshares',
  }),
  addRecord: endpoint({
    method: 'POST',
    path: recordPath('add'),
    access: perm('add'),
    input: addSubscriptionInput,
    data: subscriptionItem,
    module: 'newshares',
  }),
  deleteRecord: endpoint({
    method: 'POST',
    path: recordPath('delete'),
    access: perm('delete'),
    input: subscriptionIdInput,
    module: 'newshares',
  }),
  batchAllot: endpoint({
    method: 'POST',
    path: recordPath('batchAllot'),
    access: perm('import'),
    input: batchAllotInput,
    data: orHeld(batchAllotData),
    module: 'newshares',
    summary: 'CSV allotment (orderNo or phone, allotted): every row or none, with a per-row report',
    guard: 'newshare.allot',
  }),
  batchConvert: endpoint({
    method: 'POST',
    path: recordPath('batchConvert'),
    access: perm('edit'),
    input: batchConvertInput,
    data: batchResults,
    module: 'newshares',
  }),
  // platform user API
  appIssues: endpoint({
    method: 'POST',
    path: '/app/newshares/list.do',
    access: 'signedIn',
    input: issueListQuery.extend({ kind: z.enum(ISSUE_KINDS).default('share') }),
    data: pageOf(issueItem),
  }),
  appApply: endpoint({ method: 'POST', path: '/app/newshares/apply.do', access: 'signedIn', input: applyInput, data: subscriptionItem }),
  appPay: endpoint({
    method: 'POST',
    path: '/app/newshares/pay.do',
    access: 'signedIn',
    input: subscriptionIdInput,
    data: subscriptionItem,
  }),
  appCancel: endpoint({
    method: 'POST',
    path: '/app/newshares/cancel.do',
    access: 'signedIn',
    input: subscriptionIdInput,
    data: subscriptionItem,
  }),
  appRecords: endpoint({
    method: 'POST',
    path: '/app/newshares/records.do',
    access: 'signedIn',
    input: subscriptionListQuery,
    data: subscriptionPage,
  }),
};
