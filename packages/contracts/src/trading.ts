import { z } from 'zod';
import { orHeld } from './approvals.js';
import { endpoint } from './endpoint.js';
import { batchResults } from './batch.js';
import { pageOf, pageQuery } from './envelope.js';
import { optionalText, zBool, zId, zIdList, zNumber } from './fields.js';
import { optionalField } from './user-fields.js';
import { optionalTime } from './time.js';
import { quoteTick } from './market.js';
import { BOARDS } from './products.js';

/**
 * Trading (issue 21; spec §2 `/position`: financing 持仓管理, orderList* 委托列表, buyList 买入列表,
 * sellList* 卖出列表, createfinancing 创建股票持仓, createList* 创建持仓记录; permission `financing`).
 * Money is decimal strings (two decimals), prices four at most. A buy waits in the buy list with its
 * margin, fees and spread held (frozen) until an operator approves (a position opens) or rejects it.
 */
export const DIRECTIONS = ['long', 'short'] as const;
export type Direction = (typeof DIRECTIONS)[number];
export const ORDER_KINDS = ['buy', 'sell'] as const;
/** Where a position came from: a reviewed buy, an operator, a block trade, a converted new share / new bond. */
export const POSITION_SOURCES = ['buy', 'admin', 'block', 'newshare', 'newbond'] as const;
export type PositionSource = (typeof POSITION_SOURCES)[number];
export const ORDER_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const POSITION_STATUSES = ['open', 'closed'] as const;
/** How a position was closed: the user's sell, an operator's force close, the force-close job, or take-profit / stop-loss. */
export const CLOSE_KINDS = ['sell', 'admin', 'force', 'take_profit', 'stop_loss'] as const;
export type CloseKind = (typeof CLOSE_KINDS)[number];

const price = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^\d{1,10}(\.\d{1,4})?$/, { message: 'invalid_trade_price' }))
  .refine((v) => Number(v) > 0, { message: 'invalid_trade_price' });
const shares = zNumber(z.number().int().min(100).max(100_000_000).multipleOf(100, { message: 'invalid_lot' }));
const leverage = zNumber(z.number().int().min(1).max(100));
const gid = z
  .string()
  .trim()
  .regex(/^(sh|sz|bj)\d{6}$/, { message: 'invalid_gid' });

// ---- the platform user API ----
export const placeBuyInput = z.object({
  gid,
  shares,
  leverage,
  direction: z.enum(DIRECTIONS).default('long'),
  takeProfit: optionalField(price),
  stopLoss: optionalField(price),
});
export const appQuoteData = z.object({
  gid: z.string(),
  code: z.string(),
  name: z.string(),
  board: z.enum(BOARDS),
  st: z.boolean(),
  /** Trading in this stock is locked by an operator. */
  locked: z.boolean(),
  quote: quoteTick.nullable(),
  /** Today's price limits (null before the first quote). */
  limitUp: z.string().nullable(),
  limitDown: z.string().nullable(),
});
export const orderIdInput = z.object({ id: zId() });
export const positionIdInput = z.object({ id: zId() });
export const ownListQuery = pageQuery.extend({ status: optionalField(z.string().trim().max(20)) });

export const orderItem = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  kind: z.enum(ORDER_KINDS),
  status: z.enum(ORDER_STATUSES),
  userId: z.number().int(),
  userName: z.string(),
  phone: z.string(),
  agentName: z.string().nullable(),
  gid: z.string(),
  code: z.string(),
  stockName: z.string(),
  direction: z.enum(DIRECTIONS),
  shares: z.number().int(),
  leverage: z.number().int(),
  /** The quote when the order was placed. */
  price: z.string(),
  /** price × shares. */
  amount: z.string(),
  margin: z.string(),
  fee: z.string(),
  spread: z.string(),
  /** What was held from free cash (margin + fee + spread) while pending. */
  hold: z.string(),
  takeProfit: z.string().nullable(),
  stopLoss: z.string().nullable(),
  positionId: z.number().int().nullable(),
  fillPrice: z.string().nullable(),
  reason: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
  /** The quote now (live columns), when there is one. */
  last: z.string().nullable(),
});
export type OrderItem = z.infer<typeof orderItem>;

export const orderEvent = z.object({ status: z.string(), at: z.string(), by: z.string().nullable(), note: z.string().nullable() });
export const orderDetail = orderItem.extend({ history: z.array(orderEvent) });

export const positionItem = z.object({
  id: z.number().int(),
  positionNo: z.string(),
  status: z.enum(POSITION_STATUSES),
  userId: z.number().int(),
  userName: z.string(),
  phone: z.string(),
  agentName: z.string().nullable(),
  gid: z.string(),
  code: z.string(),
  stockName: z.string(),
  direction: z.enum(DIRECTIONS),
  shares: z.number().int(),
  leverage: z.number().int(),
  buyPrice: z.string(),
  buyAmount: z.string(),
  margin: z.string(),
  buyFee: z.string(),
  spread: z.string(),
  deferralFee: z.string(),
  deferralDays: z.number().int(),
  sellFee: z.string().nullable(),
  stampDuty: z.string().nullable(),
  sellPrice: z.string().nullable(),
  takeProfit: z.string().nullable(),
  stopLoss: z.string().nullable(),
  locked: z.boolean(),
  lockReason: z.string().nullable(),
  /** corporate actions that adjusted it (its history: /admin/corpaction/adjustments.do) */
  adjusted: z.number().int().optional(),
  /** Open: at the live quote; closed: realised. Gross P/L, then net of every fee. */
  last: z.string().nullable(),
  stale: z.boolean(),
  pnl: z.string().nullable(),
  pnlPct: z.string().nullable(),
  netPnl: z.string().nullable(),
  closeKind: z.enum(CLOSE_KINDS).nullable(),
  closeReason: z.string().nullable(),
  source: z.enum(POSITION_SOURCES),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  /**
   * Open positions in the admin lists: the user's unrealised loss as a % of their force-close line (100 = the
   * watcher closes everything), and whether it passed the warning share. Absent where not computed.
   */
  lineRatioPct: z.string().nullable().optional(),
  lineWarning: z.boolean().optional(),
});
export type PositionItem = z.infer<typeof positionItem>;

// ---- admin ----
const listFilters = {
  userId: optionalField(zId()),
  phone: optionalText(20),
  agentId: optionalField(zId()),
  gid: optionalText(10),
  direction: optionalField(z.enum(DIRECTIONS)),
  startTime: optionalTime('start'),
  endTime: optionalTime('end'),
};
export const orderListQuery = pageQuery.extend({
  ...listFilters,
  kind: optionalField(z.enum(ORDER_KINDS)),
  status: optionalField(z.enum(ORDER_STATUSES)),
  /** One order, as the list shows it (an open console re-reads a row a live event names, issue 64). */
  id: optionalField(zId()),
});
export const POSITION_SORTS = ['openedAt', 'pnl', 'pnlPct'] as const;
export const positionListQuery = pageQuery.extend({
  ...listFilters,
  status: optionalField(z.enum(POSITION_STATUSES)),
  locked: optionalField(zBool()),
  sortField: optionalField(z.enum(POSITION_SORTS)),
  sortOrder: optionalField(z.enum(['asc', 'desc', 'ascend', 'descend']).transform((v) => (v.startsWith('asc') ? 'asc' : 'desc'))),
});
/** The exports take a list's filters without paging (every matching row, newest first). */
export const orderExportQuery = z.object({
  ...listFilters,
  kind: optionalField(z.enum(ORDER_KINDS)),
  status: optionalField(z.enum(ORDER_STATUSES)),
});
export const positionExportQuery = z.object({
  ...listFilters,
  status: optionalField(z.enum(POSITION_STATUSES)),
  locked: optionalField(zBool()),
  source: optionalField(z.enum(POSITION_SOURCES)),
});
export const positionTotals = z.object({ count: z.number().int(), margin: z.string(), pnl: z.string() });
export const positionPage = pageOf(positionItem).extend({ totals: positionTotals });

/** Approve (optionally at another fill price within the day's limits) or reject with a reason. */
export const reviewOrderInput = z.object({
  id: zId(),
  approve: zBool(),
  fillPrice: optionalField(price),
  reason: optionalText(200),
});
export const batchReviewInput = z.object({ ids: zIdList(), approve: zBool(), reason: optionalText(200) });

export const forceCloseInput = z.object({ id: zId(), reason: z.string().trim().min(1).max(200) });
export const lockPositionInput = z.object({ id: zId(), locked: zBool(), reason: optionalText(200) });
export const createPositionInput = z.object({
  userId: zId(),
  gid,
  direction: z.enum(DIRECTIONS).default('long'),
  shares,
  leverage,
  price,
  /** When the position was opened (ISO); default now. */
  openedAt: optionalText(30),
  note: optionalText(200),
});

/** A user whose unrealised loss passed the warning share of the force-close line (or the line itself). */
export const riskWarning = z.object({
  userId: z.number().int(),
  userName: z.string(),
  phone: z.string(),
  freeCash: z.string(),
  margins: z.string(),
  pnl: z.string(),
  /** The loss at which everything is closed. */
  line: z.string(),
  /** pnl ÷ −line, in %: 100 means the line is reached. */
  ratioPct: z.string(),
});
export type RiskWarning = z.infer<typeof riskWarning>;

const perm = (action: 'query' | 'get' | 'add' | 'edit' | 'enable' | 'disable' | 'export') => ({ permission: 'financing' as const, action });

export const tradingApi = {
  // platform user API
  appQuote: endpoint({
    method: 'POST',
    path: '/app/stock/quote.do',
    access: 'signedIn',
    input: z.object({ gid }),
    data: appQuoteData,
    summary: 'A stock and its live quote',
  }),
  appBuy: endpoint({
    method: 'POST',
    path: '/app/order/buy.do',
    access: 'signedIn',
    input: placeBuyInput,
    data: orderItem,
    summary: 'Place a buy (held until reviewed)',
  }),
  appCancel: endpoint({
    method: 'POST',
    path: '/app/order/cancel.do',
    access: 'signedIn',
    input: orderIdInput,
    data: orderItem,
    summary: 'Cancel a pending buy',
  }),
  appSell: endpoint({
    method: 'POST',
    path: '/app/position/sell.do',
    access: 'signedIn',
    input: positionIdInput,
    data: orderItem,
    summary: 'Ask to sell an open position',
  }),
  appOrders: endpoint({
    method: 'POST',
    path: '/app/order/list.do',
    access: 'signedIn',
    input: ownListQuery,
    data: pageOf(orderItem),
    summary: 'Own orders',
  }),
  appPositions: endpoint({
    method: 'POST',
    path: '/app/position/list.do',
    access: 'signedIn',
    input: ownListQuery,
    data: pageOf(positionItem),
    summary: 'Own positions',
  }),
  // admin
  buyList: endpoint({
    method: 'POST',
    path: '/admin/order/buyList.do',
    access: perm('query'),
    input: orderListQuery,
    data: pageOf(orderItem),
  }),
  sellList: endpoint({
    method: 'POST',
    path: '/admin/order/sellList.do',
    access: perm('query'),
    input: orderListQuery,
    data: pageOf(orderItem),
  }),
  orderList: endpoint({
    method: 'POST',
    path: '/admin/order/list.do',
    access: perm('query'),
    input: orderListQuery,
    data: pageOf(orderItem),
  }),
  orderDetail: endpoint({ method: 'POST', path: '/admin/order/detail.do', access: perm('get'), input: orderIdInput, data: orderDetail }),
  review: endpoint({
    method: 'POST',
    path: '/admin/order/review.do',
    access: perm('edit'),
    input: reviewOrderInput,
    data: orderItem,
    module: 'trading',
  }),
  batchReview: endpoint({
    method: 'POST',
    path: '/admin/order/batchReview.do',
    access: perm('edit'),
    input: batchReviewInput,
    data: batchResults,
    module: 'trading',
  }),
  positions: endpoint({
    method: 'POST',
    path: '/admin/position/list.do',
    access: perm('query'),
    input: positionListQuery,
    data: positionPage,
  }),
  forceClose: endpoint({
    method: 'POST',
    path: '/admin/position/forceClose.do',
    access: perm('edit'),
    input: forceCloseInput,
    data: positionItem,
    module: 'trading',
  }),
  lock: endpoint({
    method: 'POST',
    path: '/admin/position/lock.do',
    access: perm('edit'),
    input: lockPositionInput,
    data: positionItem,
    module: 'trading',
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/position/create.do',
    access: perm('add'),
    input: createPositionInput,
    data: orHeld(positionItem),
    module: 'trading',
    guard: 'position.create',
  }),
  warnings: endpoint({
    method: 'POST',
    path: '/admin/position/warnings.do',
    access: perm('query'),
    data: z.array(riskWarning),
    summary: 'Users past the warning share of their force-close line',
  }),
  createdList: endpoint({
    method: 'POST',
    path: '/admin/position/createList.do',
    access: perm('query'),
    input: positionListQuery,
    data: positionPage,
  }),
  orderExport: endpoint({
    method: 'POST',
    path: '/admin/order/export.do',
    access: perm('export'),
    input: orderExportQuery,
    module: 'trading',
    summary: 'Orders (委托列表 / 买入列表 / 卖出列表) as CSV (UTF-8 with BOM), same filters',
  }),
  positionExport: endpoint({
    method: 'POST',
    path: '/admin/position/export.do',
    access: perm('export'),
    input: positionExportQuery,
    module: 'trading',
    summary: 'Positions (持仓管理 / 创建持仓记录 with source=admin) as CSV (UTF-8 with BOM), same filters',
  }),
} as const;
