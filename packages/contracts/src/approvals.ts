import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { money, pageOf, pageQuery } from './envelope.js';
import { zBool, zId, zInt, zNumber } from './fields.js';
import { APPROVAL_OPERATIONS, GUARDED_OPERATIONS } from './guards.js';

export * from './guards.js';

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'expired', 'failed', 'cancelled'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** `data` of a guarded call that was held: nothing was done yet. */
export const heldData = z.object({ approval: z.object({ id: z.number().int(), status: z.literal('pending') }) });
export type HeldData = z.infer<typeof heldData>;
/** The data of a guarded endpoint: its own, or the held request. */
export const orHeld = <T extends z.ZodType>(data: T) => z.union([heldData, data]);
/** True when a guarded call's answer is a held request. */
export const isHeld = (d: unknown): d is HeldData =>
  !!d && typeof d === 'object' && 'approval' in d && !!(d as HeldData).approval && (d as HeldData).approval.status === 'pending';

export const approvalItem = z.object({
  id: z.number().int(),
  operation: z.enum(APPROVAL_OPERATIONS),
  /** what it acts on, e.g. `user:215`: one pending request per operation and target */
  target: z.string(),
  /** the endpoint it runs on approval */
  path: z.string(),
  summary: z.string(),
  amount: z.string().nullable(),
  status: z.enum(APPROVAL_STATUSES),
  makerId: z.number().int(),
  makerName: z.string(),
  checkerId: z.number().int().nullable(),
  checkerName: z.string().nullable(),
  note: z.string().nullable(),
  /** why it failed, expired or was refused (in the reader's language) */
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  expiresAt: z.string(),
  /** the decider may approve it: not the maker, holds the approvals edit action, the request pending */
  decidable: z.boolean(),
  /** approving it asks the decider's authenticator code */
  stepUp: z.boolean(),
  /** the reader made it (and may cancel it while pending) */
  own: z.boolean(),
});
export type ApprovalItem = z.infer<typeof approvalItem>;
export const approvalDetail = approvalItem.extend({
  /** the maker's whole input as it will be run (secrets redacted) */
  input: z.unknown(),
  /** what the operation answered when it ran */
  result: z.unknown().nullable(),
});
export type ApprovalDetail = z.infer<typeof approvalDetail>;

export const approvalListQuery = pageQuery.extend({
  status: z.enum(APPROVAL_STATUSES).optional(),
  operation: z.enum(APPROVAL_OPERATIONS).optional(),
  makerId: zId().optional(),
  /** only those the caller may decide now */
  mine: zBool().optional(),
});
export type ApprovalListQuery = z.input<typeof approvalListQuery>;

export const approvalIdInput = z.object({ id: zId() });
export const approvalDecideInput = z.object({
  id: zId(),
  approve: zBool(),
  note: z.string().trim().max(200).optional(),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { message: 'invalid_format' })
    .optional(),
});

export const approvalRule = z.object({
  operation: z.enum(GUARDED_OPERATIONS),
  enabled: z.boolean(),
  /** yuan; null: every call (operations that move no money have none) */
  threshold: z.string().nullable(),
  expiresHours: z.number().int(),
  money: z.boolean(),
  stepUp: z.boolean(),
  /** a pending request to loosen this rule */
  pendingChange: z.number().int().nullable(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type ApprovalRule = z.infer<typeof approvalRule>;
export const APPROVAL_EXPIRY_HOURS = { min: 1, max: 168, default: 24 } as const;
export const approvalRuleUpdateInput = z.object({
  operation: z.enum(GUARDED_OPERATIONS),
  enabled: zBool(),
  threshold: money
    .refine((v) => !v.startsWith('-'), { message: 'invalid_amount' })
    .nullable()
    .optional(),
  expiresHours: zNumber(z.number().int().min(APPROVAL_EXPIRY_HOURS.min).max(APPROVAL_EXPIRY_HOURS.max)).optional(),
});
export type ApprovalRuleUpdateInput = z.input<typeof approvalRuleUpdateInput>;

const query = { permission: 'approvals' as const, action: 'query' as const };
const edit = { permission: 'approvals' as const, action: 'edit' as const };
export const approvalsApi = {
  list: endpoint({
    method: 'POST',
    path: '/admin/approval/list.do',
    access: query,
    input: approvalListQuery,
    data: pageOf(approvalItem),
    summary: 'Requests for a second administrator, newest first',
  }),
  detail: endpoint({ method: 'POST', path: '/admin/approval/detail.do', access: query, input: approvalIdInput, data: approvalDetail }),
  decide: endpoint({
    method: 'POST',
    path: '/admin/approval/decide.do',
    access: edit,
    input: approvalDecideInput,
    data: approvalItem,
    module: 'approvals',
    summary: 'Approve (runs the operation against the current state) or reject; never the maker',
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/admin/approval/cancel.do',
    access: 'signedIn',
    input: approvalIdInput,
    data: approvalItem,
    module: 'approvals',
    summary: 'The maker withdraws a pending request',
  }),
  // every signed-in admin reads the rules: the guarded forms say beforehand when a call will wait for approval
  ruleList: endpoint({ method: 'POST', path: '/admin/approval/ruleList.do', access: 'signedIn', data: z.array(approvalRule) }),
  ruleUpdate: endpoint({
    method: 'POST',
    path: '/admin/approval/ruleUpdate.do',
    access: edit,
    input: approvalRuleUpdateInput,
    data: z.union([heldData, approvalRule]),
    module: 'approvals',
    summary: 'Tighten a rule (at once) or loosen it (held for a second administrator)',
  }),
  /** the queue's size for the caller: what waits that they may decide */
  pendingCount: endpoint({
    method: 'POST',
    path: '/admin/approval/pendingCount.do',
    access: 'signedIn',
    data: z.object({ count: zInt() }),
  }),
} as const;
