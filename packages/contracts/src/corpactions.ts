import { z } from 'zod';
import { orHeld } from './approvals.js';
import { endpoint } from './endpoint.js';
import { pageOf, pageQuery } from './envelope.js';
import { zId, optionalText } from './fields.js';
import { zDay } from './time.js';
import { userUploadedFile } from './user-fields.js';

/**
 * Corporate actions (issue 62): a cash dividend per share (before tax), bonus (送股) and transfer (转增) shares per 10,
 * a split (拆股, shares per old share: 2 for 1→2) or reverse split (0.5 for 2→1), with their record date (股权登记日),
 * ex-date (除权除息日) and pay date. On the ex-date, before the open, every position open since before it is
 * adjusted (shares, cost, take-profit and stop-loss) and the dividend moves as a `dividend` fund record: credited to a
 * long, debited from a short — so that no account is any closer to its force-close line because of the ex-date.
 * Entering, importing, cancelling and applying one late are dual control (`corporate.action`).
 */

export const CORP_ACTION_STATUSES = ['scheduled', 'applied', 'cancelled'] as const;
export type CorpActionStatus = (typeof CORP_ACTION_STATUSES)[number];
export const CORP_RUN_STATUSES = ['running', 'done', 'failed'] as const;
/** At most this many rows in one import file. */
export const CORP_IMPORT_MAX_ROWS = 2_000;

/** A positive decimal of at most `places` places, as text (never a float). */
const positiveDecimal = (places: number, max = 1_000_000) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.string().regex(new RegExp(`^\\d{1,9}(\\.\\d{1,${places}})?$`), { message: 'invalid_decimal' }))
    .refine((v) => Number.parseFloat(v) > 0 && Number.parseFloat(v) <= max, { message: 'invalid_positive_decimal' });
/** The same, or nothing (an empty form value). */
const optionalDecimal = (places: number, max?: number) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), positiveDecimal(places, max).optional());

/** What one action does; at least one of the four. */
export const corpActionTerms = z.object({
  /** Cash dividend per share, before tax (¥; 10 派 5 元 is 0.5). */
  cashPerShare: optionalDecimal(6, 1_000),
  /** Bonus shares (送股) per 10 shares. */
  bonusPer10: optionalDecimal(4, 100),
  /** Transfer shares (转增) per 10 shares. */
  transferPer10: optionalDecimal(4, 100),
  /** Shares per old share after a split (2 = one becomes two; 0.5 = a 2-for-1 reverse split). */
  splitRatio: optionalDecimal(6, 100),
});

const dates = { recordDate: zDay(), exDate: zDay(), payDate: zDay().optional() };
const note = optionalText(200);

/** The rules an action holds before it is held for a second administrator (the rest — a trading ex-date, no duplicate — when it runs). */
type Checked = z.output<typeof corpActionTerms> & { recordDate: string; exDate: string; payDate?: string };
function checkAction(v: Checked, ctx: z.RefinementCtx) {
  if (!v.cashPerShare && !v.bonusPer10 && !v.transferPer10 && !v.splitRatio)
    ctx.addIssue({ code: 'custom', message: 'corp_no_terms', path: ['cashPerShare'], input: v.cashPerShare });
  if (v.splitRatio && Number.parseFloat(v.splitRatio) === 1)
    ctx.addIssue({ code: 'custom', message: 'corp_split_one', path: ['splitRatio'], input: v.splitRatio });
  if (v.exDate <= v.recordDate) ctx.addIssue({ code: 'custom', message: 'corp_dates_order', path: ['exDate'], input: v.exDate });
  if (v.payDate && v.payDate < v.recordDate)
    ctx.addIssue({ code: 'custom', message: 'corp_pay_before_record', path: ['payDate'], input: v.payDate });
}

/** `gid`: the stock's market and code (sh600000), as every quote names it. */
export const corpActionInput = corpActionTerms
  .extend({
    gid: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^(sh|sz|bj)\d{6}$/, { message: 'invalid_gid' }),
    ...dates,
    note,
  })
  .superRefine(checkAction);
export type CorpActionInput = z.input<typeof corpActionInput>;
/** A checked import's rows, submitted together (all or nothing). */
export const corpActionBatchInput = z.object({
  fileName: z.string().trim().min(1).max(255),
  rows: z
    .array(corpActionTerms.extend({ code: z.string().trim().min(1).max(20), ...dates }).superRefine(checkAction))
    .min(1)
    .max(CORP_IMPORT_MAX_ROWS),
});
export const corpActionCancelInput = z.object({ id: zId(), reason: z.string().trim().min(1).max(200) });
export const corpRunInput = z.object({ day: zDay() });
export const corpImportCheckInput = z.object({ file: userUploadedFile });

export const corpActionListQuery = pageQuery.extend({
  code: optionalText(20),
  status: z.enum(CORP_ACTION_STATUSES).optional(),
  exFrom: zDay().optional(),
  exTo: zDay().optional(),
});
export type CorpActionListQuery = z.input<typeof corpActionListQuery>;

/** An action's terms as answered (null: not part of it). */
const termsOut = {
  cashPerShare: z.string().nullable(),
  bonusPer10: z.string().nullable(),
  transferPer10: z.string().nullable(),
  splitRatio: z.string().nullable(),
};

export const corpAction = z.object({
  id: z.number().int(),
  stockId: z.number().int(),
  code: z.string(),
  gid: z.string(),
  stockName: z.string(),
  recordDate: z.string(),
  exDate: z.string(),
  payDate: z.string().nullable(),
  ...termsOut,
  /** 10派5元 / 10送3转2 / 1拆2: the exchange's short form, in Chinese as announced */
  plan: z.string(),
  status: z.enum(CORP_ACTION_STATUSES),
  source: z.enum(['entered', 'imported']),
  fileName: z.string().nullable(),
  note: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  cancelledBy: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  appliedAt: z.string().nullable(),
  /** the previous close it was applied at, and the ex-rights reference price (前收盘 adjusted) */
  closePrice: z.string().nullable(),
  refPrice: z.string().nullable(),
  positions: z.number().int(),
  /** Σ cash credited to longs and debited from shorts */
  credited: z.string(),
  debited: z.string(),
});
export type CorpAction = z.infer<typeof corpAction>;

/** One row of a checked import: what it would enter, or why not (field names the column). */
export const corpImportRow = z.object({
  line: z.number().int(),
  code: z.string(),
  stockName: z.string().nullable(),
  recordDate: z.string(),
  exDate: z.string(),
  payDate: z.string().nullable(),
  ...termsOut,
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type CorpImportRow = z.infer<typeof corpImportRow>;
export const corpImportReport = z.object({
  fileName: z.string(),
  rows: z.array(corpImportRow),
  valid: z.number().int(),
  invalid: z.number().int(),
});
export type CorpImportReport = z.infer<typeof corpImportReport>;

export const corpRun = z.object({
  id: z.number().int(),
  day: z.string(),
  trigger: z.enum(['job', 'manual']),
  by: z.string().nullable(),
  status: z.enum(CORP_RUN_STATUSES),
  actions: z.number().int(),
  positions: z.number().int(),
  credited: z.string(),
  debited: z.string(),
  error: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type CorpRun = z.infer<typeof corpRun>;
export const corpRunListQuery = pageQuery.extend({ day: zDay().optional() });

/** A position's adjustment by one action: before and after. */
export const positionAdjustment = z.object({
  id: z.number().int(),
  actionId: z.number().int(),
  plan: z.string(),
  /** the action's terms (the console says the plan in its language from them) */
  ...termsOut,
  exDate: z.string(),
  positionId: z.number().int(),
  positionNo: z.string(),
  userId: z.number().int(),
  phone: z.string().nullable(),
  code: z.string(),
  stockName: z.string(),
  direction: z.enum(['long', 'short']),
  sharesBefore: z.number().int(),
  sharesAfter: z.number().int(),
  priceBefore: z.string(),
  priceAfter: z.string(),
  marginBefore: z.string(),
  marginAfter: z.string(),
  takeProfitBefore: z.string().nullable(),
  takeProfitAfter: z.string().nullable(),
  stopLossBefore: z.string().nullable(),
  stopLossAfter: z.string().nullable(),
  /** the dividend (net of tax for a long), signed: + credited, − debited */
  dividend: z.string(),
  tax: z.string(),
  /** the fraction of a share left over, settled in cash at the reference price */
  fractionShares: z.string(),
  fractionCash: z.string(),
  /** what moved to or from free cash (signed); `unpaid` stayed in the position's cost (margin or free cash short) */
  cash: z.string(),
  unpaid: z.string(),
  refPrice: z.string(),
  at: z.string(),
});
export type PositionAdjustment = z.infer<typeof positionAdjustment>;
export const adjustmentListQuery = pageQuery.extend({ positionId: zId().optional(), actionId: zId().optional(), userId: zId().optional() });

const query = { permission: 'corpactions' as const, action: 'query' as const };
export const corpactionsApi = {
  list: endpoint({
    method: 'POST',
    path: '/admin/corpaction/list.do',
    access: query,
    input: corpActionListQuery,
    data: pageOf(corpAction),
    summary: 'Corporate actions (dividends, bonus and transfer shares, splits), latest ex-date first',
  }),
  add: endpoint({
    method: 'POST',
    path: '/admin/corpaction/add.do',
    access: { permission: 'corpactions', action: 'add' },
    input: corpActionInput,
    data: orHeld(corpAction),
    module: 'corpactions',
    guard: 'corporate.action',
    summary: 'Enters an action (dual control); refused when the stock has another on that ex-date',
  }),
  importCheck: endpoint({
    method: 'POST',
    path: '/admin/corpaction/importCheck.do',
    access: { permission: 'corpactions', action: 'import' },
    input: corpImportCheckInput,
    data: corpImportReport,
    summary:
      "Reads an announcement file (CSV or XLSX: 代码, 登记日, 除权除息日, 派息/10股, 送股/10股, 转增/10股): each row's errors, nothing written",
  }),
  addBatch: endpoint({
    method: 'POST',
    path: '/admin/corpaction/addBatch.do',
    access: { permission: 'corpactions', action: 'import' },
    input: corpActionBatchInput,
    data: orHeld(z.object({ added: z.number().int() })),
    module: 'corpactions',
    guard: 'corporate.action',
    summary: "Enters a checked file's rows together (dual control): all of them, or none with each refused row named",
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/admin/corpaction/cancel.do',
    access: { permission: 'corpactions', action: 'delete' },
    input: corpActionCancelInput,
    data: orHeld(corpAction),
    module: 'corpactions',
    guard: 'corporate.action',
    summary: 'Cancels an action not applied yet (dual control)',
  }),
  runs: endpoint({ method: 'POST', path: '/admin/corpaction/runs.do', access: query, input: corpRunListQuery, data: pageOf(corpRun) }),
  run: endpoint({
    method: 'POST',
    path: '/admin/corpaction/run.do',
    access: { permission: 'corpactions', action: 'edit' },
    input: corpRunInput,
    data: orHeld(corpRun),
    module: 'corpactions',
    guard: 'corporate.action',
    summary: "Applies a day's scheduled actions now (dual control): an action entered after its ex-date is applied only so",
  }),
  adjustments: endpoint({
    method: 'POST',
    path: '/admin/corpaction/adjustments.do',
    access: query,
    input: adjustmentListQuery,
    data: pageOf(positionAdjustment),
    summary: "Positions' adjustments (an action's, or a position's history), scoped to agent staff's subtree",
  }),
};
