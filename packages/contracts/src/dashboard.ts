import { z } from 'zod';
import { zDay } from './time.js';
import { endpoint } from './endpoint.js';
import { zBool } from './fields.js';
import { operationRef } from './logs.js';

/**
 * The dashboard (spec §2 `/dashboard`: workplace 工作台, analysis at `/dashboard/analysis`; issue 25). Every figure is
 * for the caller's scope (agent staff: their subtree) and real accounts only (simulated ones are practice money).
 * Days and hours are Asia/Shanghai; money is decimal strings with two decimals.
 */
const money = z.string();
const countAmount = z.object({ count: z.number().int(), amount: money });

export const workplaceData = z.object({
  /** The Shanghai day the figures are for (YYYY-MM-DD). */
  day: z.string(),
  newUsers: z.number().int(),
  realNamePending: z.number().int(),
  deposits: countAmount,
  withdrawals: countAmount,
  /** Queues waiting for an operator (each only when the caller may open its page: else null). */
  pending: z.object({
    deposits: z.number().int().nullable(),
    withdrawals: z.number().int().nullable(),
    buys: z.number().int().nullable(),
    blockRequests: z.number().int().nullable(),
    subscriptions: z.number().int().nullable(),
    /** requests held for a second administrator that the caller may decide (null: no approvals edit) */
    approvals: z.number().int().nullable(),
  }),
  /** Open positions now and what closed today (null without the positions permission). */
  trading: z
    .object({
      openPositions: z.number().int(),
      openMargin: money,
      unrealizedPnl: money,
      closedToday: z.number().int(),
      realizedPnlToday: money,
    })
    .nullable(),
  /** The caller's own latest operations (the operation log), newest first. */
  recentOperations: z.array(
    z.object({
      id: z.number().int(),
      action: z.string(),
      operation: operationRef,
      targetId: z.string().nullable(),
      result: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type WorkplaceData = z.infer<typeof workplaceData>;

export const ANALYSIS_RANGES = ['today', '7d', '30d', 'custom'] as const;
export type AnalysisRange = (typeof ANALYSIS_RANGES)[number];
export const ANALYSIS_BUCKETS = ['day', 'hour'] as const;
/** A custom range spans at most this many days (by hour: at most 7). */
export const ANALYSIS_MAX_DAYS = 92;
export const ANALYSIS_MAX_HOUR_DAYS = 7;

const dayText = zDay();
export const analysisQuery = z
  .object({
    range: z.enum(ANALYSIS_RANGES).default('7d'),
    /** custom: first and last Shanghai day, inclusive. */
    startDay: dayText.optional(),
    endDay: dayText.optional(),
    bucket: z.enum(ANALYSIS_BUCKETS).default('day'),
    /**
     * The breakdown by tier reads the fund records themselves (a user's tier changes; no summary keeps money by
     * tier), so it costs far more than the rest: asked for on its own (`tiers: true` answers only `byTier`).
     */
    tiers: zBool().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.range !== 'custom') return;
    if (!v.startDay) ctx.addIssue({ code: 'custom', path: ['startDay'], message: 'required' });
    if (!v.endDay) ctx.addIssue({ code: 'custom', path: ['endDay'], message: 'required' });
    if (v.startDay && v.endDay && v.startDay > v.endDay) ctx.addIssue({ code: 'custom', path: ['endDay'], message: 'dates_out_of_order' });
  });
export type AnalysisQuery = z.output<typeof analysisQuery>;

/** One bucket (a day or an hour) of the range, or one agent / tier of the breakdowns. */
export const analysisFigures = z.object({
  deposits: money,
  depositCount: z.number().int(),
  withdrawals: money,
  withdrawalCount: z.number().int(),
  /** deposits − withdrawals */
  netInflow: money,
  newUsers: z.number().int(),
  realNameApprovals: z.number().int(),
  /** Amount bought (positions opened: price × shares). */
  tradeVolume: money,
  /** Trading fees and deferral fees charged. */
  fees: money,
});
export type AnalysisFigures = z.infer<typeof analysisFigures>;
export const analysisData = z.object({
  startDay: z.string(),
  endDay: z.string(),
  bucket: z.enum(ANALYSIS_BUCKETS),
  totals: analysisFigures,
  /** Buckets in order: `YYYY-MM-DD` days, or `YYYY-MM-DD HH:00` Shanghai hours. */
  series: z.array(analysisFigures.extend({ bucket: z.string() })),
  byAgent: z.array(analysisFigures.extend({ agentId: z.number().int(), agentName: z.string() })),
  /** Only with `tiers: true` (then series and byAgent are empty). */
  byTier: z.array(analysisFigures.extend({ tierId: z.number().int(), tierName: z.string() })),
});
export type AnalysisData = z.infer<typeof analysisData>;

export const dashboardApi = {
  workplace: endpoint({
    method: 'POST',
    path: '/admin/dashboard/workplace.do',
    access: { permission: 'dashboard', action: 'query' },
    data: workplaceData,
    summary: "Today's figures of the caller's scope, the queues waiting and the caller's latest operations",
  }),
  analysis: endpoint({
    method: 'POST',
    path: '/admin/dashboard/analysis.do',
    access: { permission: 'analysis', action: 'query' },
    input: analysisQuery,
    data: analysisData,
    summary:
      'Deposits, withdrawals, net inflow, new users, real-name approvals, volume and fees over a range, by day or hour, agent and tier',
  }),
};
