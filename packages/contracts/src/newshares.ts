import { z } from 'zod';
import { zBool, zId, zNumber } from './fields.js';
import { MARKETS } from './products.js';
import { stockBoardOf } from './stock-codes.js';

/**
 * New shares and new bonds (issue 23; spec §2 `/newshares`: newshareslist 新股列表, newzhailist 新债列表,
 * newsharesrecord 新股申购记录, newzhairecord 新债申购记录). Money is decimal strings (two decimals),
 * prices four at most. Subscriptions move 1 pending → 2 not allotted / 3 allotted → 4 paid → 5 converted;
 * 6 forfeited (unpaid past the deadline) and 7 cancelled (by the user while pending) end it early.
 */
export const ISSUE_KINDS = ['share', 'bond'] as const;
export type IssueKind = (typeof ISSUE_KINDS)[number];
/** public: pay after allotment; placement: money frozen at application, unallotted part refunded; rush: listing-day. */
export const SUBSCRIBE_TYPES = ['public', 'placement', 'rush'] as const;
export type SubscribeType = (typeof SUBSCRIBE_TYPES)[number];

export const SUB_STATUS = {
  pending: 1,
  notAllotted: 2,
  allotted: 3,
  paid: 4,
  converted: 5,
  forfeited: 6,
  cancelled: 7,
} as const;
export type SubStatus = (typeof SUB_STATUS)[keyof typeof SUB_STATUS];
/** Which status may move to which; every transition is one conditional UPDATE on the `from` status. */
export const SUB_TRANSITIONS: Readonly<Record<SubStatus, readonly SubStatus[]>> = {
  1: [2, 3, 7],
  2: [],
  3: [4, 6],
  4: [5],
  5: [],
  6: [],
  7: [],
};
export const canMove = (from: SubStatus, to: SubStatus): boolean => SUB_TRANSITIONS[from].includes(to);

/** Bonds: face value 100, applied in lots of 10. Shares: lots of 100 (main boards) – the issue carries its lot. */
export const BOND_FACE_VALUE = '100';
export const BOND_LOT = 10;
export const SHARE_LOT = 100;

export const ISSUE_PHASES = ['upcoming', 'subscribing', 'allotment', 'listed'] as const;
export type IssuePhase = (typeof ISSUE_PHASES)[number];

/** Today in Asia/Shanghai as YYYY-MM-DD (the issue dates are Shanghai calendar days). */
export function shanghaiDay(now: Date): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}

/** The phase tag of an issue from its dates, judged on the Shanghai calendar. */
export function issuePhase(
  issue: { subscribeDate: string; listingDate: string },
  now: Date,
): IssuePhase {
  const today = shanghaiDay(now);
  if (today < issue.subscribeDate) return 'upcoming';
  if (today === issue.subscribeDate) return 'subscribing';
  if (today < issue.listingDate) return 'allotment';
  return 'listed';
}

const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'invalid_date' })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
    message: 'invalid_date',
  });
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
  code: z.string().trim().regex(/^\d{6}$/, { message: 'invalid_stock_code' }),
  name: z.string().trim().min(1).max(40),
  market: z.enum(MARKETS),
  underlyingCode: z.string().trim().regex(/^\d{6}$/, { message: 'invalid_underlying_code' }).optional(),
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
});

/** The checks across fields, each naming the field it blames (the message key is the zod message). */
export function issueProblems(
  kind: IssueKind,
  v: z.output<typeof issueFields>,
): { path: string; message: string }[] {
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
export const updateIssueInput = (kind: IssueKind) => issueFields.extend({ id: zId() }).superRefine((v, ctx) => {
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
