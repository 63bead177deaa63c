import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { pageOf, pageQuery } from './envelope.js';
import { zDay } from './time.js';

/**
 * The daily close (issue 50): a statement per Asia/Shanghai day of the platform's accounts — what real users held
 * (their equity as booked), what agents held, the house's result — with every movement by kind, and the proof that
 * opening + movements = closing = the ledger. Simulated accounts are listed apart and never in the house.
 */
export const CLOSE_ACCOUNTS = ['users', 'agents', 'house', 'simulated'] as const;
export type CloseAccount = (typeof CLOSE_ACCOUNTS)[number];
/** open: today or a past day not closed yet (provisional); closed: stored, final. */
export const CLOSE_STATUSES = ['open', 'closed'] as const;
export type CloseStatus = (typeof CLOSE_STATUSES)[number];

/** Movement kinds beyond the ledger's record types: a fee record that is a buy's spread. */
export const CLOSE_EXTRA_KINDS = ['spread'] as const;

export const closeAccountRow = z.object({
  account: z.enum(CLOSE_ACCOUNTS),
  opening: z.string(),
  /** opening + Σ movements */
  closing: z.string(),
  /** the same figure read from the ledger (balances now, less what was booked after the day) */
  ledger: z.string(),
});
export const closeMovement = z.object({
  account: z.enum(CLOSE_ACCOUNTS),
  /** a fund record type, or `spread` */
  kind: z.string(),
  /** deposits and withdrawals: the channel (null: none recorded, e.g. a withdrawal not paid out yet) */
  channelId: z.number().int().nullable().optional(),
  channelName: z.string().nullable().optional(),
  count: z.number().int(),
  amount: z.string(),
  /**
   * dividends (issue 62): the free cash they moved — to longs, from shorts — between free cash and the positions'
   * margins, so their equity `amount` is 0.00 (the house pays a dividend through the position's lower cost when it closes)
   */
  cash: z.string().optional(),
});
export type CloseMovement = z.infer<typeof closeMovement>;
/** shares × the last price known when the statement was made (the day's close, for a close run after the market shut);
 * absent from statements stored before it was kept */
const marketValue = z.string().optional();
const exposureSide = z.object({ count: z.number().int(), margin: z.string(), marketValue, cost: z.string() });
export const closeExposure = z.object({
  /** the instant the open positions are taken at (the day's end) */
  at: z.string(),
  long: exposureSide,
  short: exposureSide,
  topStocks: z.array(
    z.object({ code: z.string(), name: z.string(), count: z.number().int(), margin: z.string(), marketValue, cost: z.string() }),
  ),
  topUsers: z.array(
    z.object({ userId: z.number().int(), name: z.string(), count: z.number().int(), margin: z.string(), marketValue, cost: z.string() }),
  ),
});
export const closeHouse = z.object({
  /** what the house earned this day: fees, spreads, deferral and withdrawal fees, users' realised losses less gains, less commissions */
  day: z.string(),
  monthToDate: z.string(),
  fees: z.string(),
  spreads: z.string(),
  deferralFees: z.string(),
  withdrawalFees: z.string(),
  /** users' realised P/L of the day, net of sell fees and stamp duty, with the house's sign (their loss is its gain) */
  tradingResult: z.string(),
  commissions: z.string(),
  /** sell fees and stamp duty inside the trading result (from the positions closed this day) */
  sellFees: z.string(),
  stampDuty: z.string(),
});
export const closeStatement = z.object({
  day: z.string(),
  status: z.enum(CLOSE_STATUSES),
  /** the instant the figures are taken at: the day's end, or now for today */
  asOf: z.string(),
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
  accounts: z.array(closeAccountRow),
  movements: z.array(closeMovement),
  house: closeHouse,
  exposure: closeExposure,
  checks: z.object({
    /** opening + Σ movements = closing = ledger, for every account */
    balanced: z.boolean(),
    /** the opening is the previous day's stored closing */
    chained: z.boolean(),
    /** the users' realised P/L in the ledger equals the positions closed this day (net P/L) */
    positionsAgree: z.boolean(),
    records: z.number().int(),
  }),
});
export type CloseStatement = z.infer<typeof closeStatement>;

export const closeListItem = z.object({
  day: z.string(),
  status: z.enum(CLOSE_STATUSES),
  usersClosing: z.string(),
  agentsClosing: z.string(),
  houseDay: z.string(),
  deposits: z.string(),
  withdrawals: z.string(),
  balanced: z.boolean(),
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
});
export type CloseListItem = z.infer<typeof closeListItem>;
export const closeListQuery = pageQuery.extend({ from: zDay().optional(), to: zDay().optional() });
export type CloseListQuery = z.input<typeof closeListQuery>;
export const closeDayInput = z.object({ day: zDay() });

const query = { permission: 'dailyclose' as const, action: 'query' as const };
const edit = { permission: 'dailyclose' as const, action: 'edit' as const };
export const closeApi = {
  list: endpoint({
    method: 'POST',
    path: '/admin/close/list.do',
    access: query,
    input: closeListQuery,
    data: pageOf(closeListItem),
    summary: 'Days newest first: closed ones as stored, today and days left open as of now',
  }),
  detail: endpoint({
    method: 'POST',
    path: '/admin/close/detail.do',
    access: query,
    input: closeDayInput,
    data: closeStatement,
    summary: "A day's statement: stored when closed, provisional (status open) otherwise",
  }),
  run: endpoint({
    method: 'POST',
    path: '/admin/close/run.do',
    access: edit,
    module: 'close',
    input: closeDayInput,
    data: closeStatement,
    summary: 'Closes a finished day (and any open day before it); a closed day is answered as stored',
  }),
};
