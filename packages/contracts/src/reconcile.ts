import { z } from 'zod';
import { orHeld } from './approvals.js';
import { endpoint } from './endpoint.js';
import { pageOf, pageQuery } from './envelope.js';
import { zId } from './fields.js';
import { zDay } from './time.js';
import { userUploadedFile } from './user-fields.js';

/**
 * Reconciliation with the payment channels (issue 50): a channel's statement of a day (CSV: time, reference, amount,
 * direction) against that day's confirmed deposits and paid withdrawals of the channel — matched by reference first,
 * then by amount within a time window — in three lists: matched, in the statement only, on the platform only, plus the
 * pairs whose amounts differ. An operator resolves each exception with a note; a channel-day with none open is reconciled.
 *
 * Issue 66: a statement can never read as reconciled when it is not. A line whose reference repeats an earlier line's is
 * a `duplicate` (never matched); a negative amount under a direction is a `reversal` (never a receipt or a payout); a
 * line whose reference names a platform order is matched to that order only, never to another by amount; every line's
 * time falls in the statement's day. A reconciled day is reopened only under dual control (`recon.reopen`).
 */
export const RECON_KINDS = ['matched', 'statement_only', 'platform_only', 'amount_diff', 'duplicate', 'reversal'] as const;
export type ReconKind = (typeof RECON_KINDS)[number];
export const RECON_STATUSES = ['open', 'reconciled'] as const;
export type ReconStatus = (typeof RECON_STATUSES)[number];
/** Lines of one statement file at most. */
export const RECON_MAX_LINES = 20_000;
/** How far apart a statement line and a platform movement may be in time to match by amount alone. */
export const RECON_WINDOW_MINUTES = 30;
/**
 * A line's time must fall inside the statement's day (Shanghai), give or take this: a bank's cut-off (日切) may put a
 * transaction of the last hour before midnight into the next day's statement, or one just after it into the day's.
 */
export const RECON_DAY_TOLERANCE_MINUTES = 60;

export const reconUploadInput = z.object({ channelId: zId(), day: zDay(), file: userUploadedFile });
export const reconKeyInput = z.object({ channelId: zId(), day: zDay() });
export const reconResolveInput = z.object({ id: zId(), note: z.string().trim().min(1).max(200) });
export const reconReopenInput = reconKeyInput.extend({ reason: z.string().trim().min(1).max(200) });
export const reconListQuery = pageQuery.extend({ channelId: zId().optional(), status: z.enum(RECON_STATUSES).optional() });
export type ReconListQuery = z.input<typeof reconListQuery>;

export const reconSummary = z.object({
  channelId: z.number().int(),
  channelName: z.string(),
  day: z.string(),
  status: z.enum(RECON_STATUSES),
  fileName: z.string(),
  lines: z.number().int(),
  matched: z.number().int(),
  statementOnly: z.number().int(),
  platformOnly: z.number().int(),
  amountDiff: z.number().int(),
  /** lines repeating an earlier line's reference */
  duplicate: z.number().int(),
  /** negative amounts: a bank's reversal */
  reversal: z.number().int(),
  /** exceptions not resolved yet */
  open: z.number().int(),
  uploadedBy: z.string(),
  uploadedAt: z.string(),
  /** a reconciled day reopened (under dual control): by whom, when, why; cleared by the next upload */
  reopenedBy: z.string().nullable(),
  reopenedAt: z.string().nullable(),
  reopenReason: z.string().nullable(),
});
export type ReconSummary = z.infer<typeof reconSummary>;

export const reconItem = z.object({
  id: z.number().int(),
  kind: z.enum(RECON_KINDS),
  direction: z.enum(['in', 'out']),
  /** the statement's line (its number in the file, the header being line 1) */
  line: z.number().int().nullable(),
  statementTime: z.string().nullable(),
  statementReference: z.string().nullable(),
  /** signed as the statement wrote it: a reversal's is negative */
  statementAmount: z.string().nullable(),
  /** a duplicate's first line with the same reference */
  duplicateOf: z.number().int().nullable(),
  /** the platform's deposit order or withdrawal */
  orderNo: z.string().nullable(),
  platformAmount: z.string().nullable(),
  platformTime: z.string().nullable(),
  userId: z.number().int().nullable(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  note: z.string().nullable(),
});
export type ReconItem = z.infer<typeof reconItem>;
export const reconDetail = reconSummary.extend({ items: z.array(reconItem) });
export type ReconDetail = z.infer<typeof reconDetail>;

const query = { permission: 'dailyclose' as const, action: 'query' as const };
const edit = { permission: 'dailyclose' as const, action: 'edit' as const };
export const reconcileApi = {
  list: endpoint({
    method: 'POST',
    path: '/admin/reconcile/list.do',
    access: query,
    input: reconListQuery,
    data: pageOf(reconSummary),
    summary: 'Channel-days with an uploaded statement, newest first',
  }),
  detail: endpoint({ method: 'POST', path: '/admin/reconcile/detail.do', access: query, input: reconKeyInput, data: reconDetail }),
  upload: endpoint({
    method: 'POST',
    path: '/admin/reconcile/upload.do',
    access: { permission: 'dailyclose', action: 'import' },
    input: reconUploadInput,
    data: reconDetail,
    module: 'reconcile',
    summary: "A channel's statement of a day (UTF-8 or GBK CSV): matched against the platform; a new file replaces an open one",
  }),
  resolve: endpoint({
    method: 'POST',
    path: '/admin/reconcile/resolve.do',
    access: edit,
    input: reconResolveInput,
    data: reconDetail,
    module: 'reconcile',
    summary: 'Resolves an exception with a note (audited); the channel-day is reconciled once none is open',
  }),
  reopen: endpoint({
    method: 'POST',
    path: '/admin/reconcile/reopen.do',
    access: edit,
    input: reconReopenInput,
    data: orHeld(reconDetail),
    module: 'reconcile',
    guard: 'recon.reopen',
    summary: 'Reopens a reconciled channel-day (dual control, audited): a corrected statement can then replace it',
  }),
  export: endpoint({
    method: 'POST',
    path: '/admin/reconcile/export.do',
    access: { permission: 'dailyclose', action: 'export' },
    input: reconKeyInput,
    summary:
      "A channel-day's matched pairs and exceptions as CSV (UTF-8 with BOM; a cell a spreadsheet would read as a formula is neutralised)",
  }),
};
