import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { moneyOut, pageOf, pageQuery } from './envelope.js';
import { optionalText, phone, zId } from './fields.js';
import { FUND_TYPES } from './funds-types.js';
import { ACCOUNT_TYPES } from './users.js';
import { optionalField, zIntIn } from './user-fields.js';
import { zTime } from './time.js';

/** Fund records (/capital/fundrecords, /capital/fundtransferrecord): the ledger as operators read it. */

export const fundRecordItem = z.object({
  id: z.number().int(),
  /** Set on an end user's record. */
  userId: z.number().int().nullable(),
  userPhone: z.string().nullable(),
  userRealName: z.string().nullable(),
  accountType: z.number().int().nullable(),
  /** On a user's record: the user's agent; on an agent's record: that agent. */
  agentId: z.number().int().nullable(),
  agentName: z.string().nullable(),
  /** 'user' or 'agent': whose balance the record moved. */
  owner: z.enum(['user', 'agent']),
  type: z.enum(FUND_TYPES),
  amount: moneyOut,
  equityDelta: moneyOut,
  enableDelta: moneyOut,
  frozenDelta: moneyOut,
  userAmtAfter: moneyOut,
  enableAmtAfter: moneyOut,
  frozenAmtAfter: moneyOut,
  reference: z.string().nullable(),
  adminId: z.number().int().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type FundRecordItem = z.infer<typeof fundRecordItem>;

export const fundTotals = z.object({
  count: z.number().int(),
  /** Sum of the positive amounts. */
  amountIn: moneyOut,
  /** Sum of the negative amounts (≤ 0). */
  amountOut: moneyOut,
  net: moneyOut,
});

const fundTypeList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(z.enum(FUND_TYPES)).min(1));

export const fundFilters = z.object({
  userId: optionalField(zId()),
  /** Exact phone of the user. */
  phone: optionalField(phone()),
  /** One type or several (comma-joined or an array). */
  type: optionalField(fundTypeList),
  /** 'user' (default): end users' records; 'agent': agents' balance records; 'all'. */
  owner: optionalField(z.enum(['user', 'agent', 'all'])),
  /** Records of the users below this agent (and of the agent itself with owner agent/all). */
  agentId: optionalField(zId()),
  accountType: optionalField(zIntIn(ACCOUNT_TYPES)),
  reference: optionalText(100),
  adminId: optionalField(zId()),
  beginTime: optionalField(zTime('start')),
  endTime: optionalField(zTime('end')),
});
export const fundListQuery = pageQuery.extend(fundFilters.shape);
export type FundListQuery = z.output<typeof fundListQuery>;
export const fundListData = pageOf(fundRecordItem).extend({ totals: fundTotals });

const fundPerm = (action: 'query' | 'export') => ({ permission: 'fundrecords' as const, action });

export const fundRecordsApi = {
  list: endpoint({
    method: 'POST',
    path: '/admin/cash/list.do',
    access: fundPerm('query'),
    input: fundListQuery,
    data: fundListData,
    summary: 'Fund records (ledger) with totals of the filtered set',
  }),
  transferList: endpoint({
    method: 'POST',
    path: '/admin/cash/transferList.do',
    access: fundPerm('query'),
    input: fundListQuery,
    data: fundListData,
    summary: 'Fund transfer records (资金互转: ledger records of type transfer_in / transfer_out)',
  }),
  export: endpoint({
    method: 'POST',
    path: '/admin/cash/export.do',
    access: fundPerm('export'),
    input: fundFilters,
    module: 'funds',
    summary: 'Fund records as CSV (UTF-8 with BOM), same filters',
  }),
} as const;
