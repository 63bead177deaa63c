import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { optionalTime, zTime } from './time.js';
import { pageOf, pageQuery } from './envelope.js';
import { optionalText, zBool, zId, zIdList, zNumber } from './fields.js';
import { optionalField } from './user-fields.js';
import { batchResults } from './batch.js';

/**
 * Block trades (大宗交易, issue 22): products an operator offers at a discount on the live price (or at a fixed
 * price) to users who know the trade key, within a subscription window (`/newshares/dazonglist`); the users'
 * requests hold price × shares plus the buy fee (leverage 1) until an operator approves them (a block-trade
 * position opens) or rejects them (`/position/dzList`, header badge 20, event BUY_DZ_REQUEST).
 */
export const BLOCK_PRICE_MODES = ['discount', 'fixed'] as const;
export type BlockPriceMode = (typeof BLOCK_PRICE_MODES)[number];
export const BLOCK_REQUEST_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type BlockRequestStatus = (typeof BLOCK_REQUEST_STATUSES)[number];
/** Where a product's window stands now (Asia/Shanghai instants compared on the server). */
export const BLOCK_WINDOWS = ['upcoming', 'open', 'closed'] as const;
export type BlockWindow = (typeof BLOCK_WINDOWS)[number];
/** Wrong trade keys a user may enter per hour (all products). */
export const BLOCK_KEY_ATTEMPTS_PER_HOUR = 5;

const gid = z
  .string()
  .trim()
  .regex(/^(sh|sz|bj)\d{6}$/, { message: 'invalid_gid' });
const lot = zNumber(z.number().int().min(100).max(100_000_000).multipleOf(100, { message: 'invalid_lot' }));
const decimal = (max: number, scale: number, message: string) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .pipe(z.string().regex(new RegExp(`^\\d{1,${max}}(\\.\\d{1,${scale}})?$`), { message }))
    .refine((v) => Number(v) > 0, { message });
const instant = zTime();

const productFields = {
  gid,
  priceMode: z.enum(BLOCK_PRICE_MODES),
  /** A multiplier on the live price, (0, 1.5]. */
  discount: optionalField(decimal(1, 4, 'invalid_discount').refine((v) => Number(v) <= 1.5, { message: 'invalid_discount' })),
  fixedPrice: optionalField(decimal(10, 4, 'invalid_trade_price')),
  minShares: lot,
  maxShares: lot,
  totalShares: lot,
  startsAt: instant,
  endsAt: instant,
  shown: optionalField(zBool()),
};

type ProductShape = {
  priceMode: BlockPriceMode;
  discount?: string;
  fixedPrice?: string;
  minShares: number;
  maxShares: number;
  totalShares: number;
  startsAt: string;
  endsAt: string;
};
/** The rules across fields, each naming the field it is about. */
function productRules(v: ProductShape, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) =>
    ctx.addIssue({ code: 'custom', message, path: [path], input: v[path as keyof ProductShape] });
  if (v.priceMode === 'discount' && !v.discount) issue('discount', 'invalid_discount');
  if (v.priceMode === 'fixed' && !v.fixedPrice) issue('fixedPrice', 'invalid_trade_price');
  if (v.maxShares < v.minShares) issue('maxShares', 'invalid_block_max');
  if (v.totalShares < v.minShares) issue('totalShares', 'invalid_block_total');
  if (Date.parse(v.endsAt) <= Date.parse(v.startsAt)) issue('endsAt', 'invalid_block_window');
}

export const blockProductInput = z.object({ ...productFields, tradeKey: z.string().trim().min(4).max(32) }).superRefine(productRules);
/** Editing: the key is replaced only when a new one is given; the quantity left follows the total. */
export const blockProductUpdate = z
  .object({ id: zId(), ...productFields, tradeKey: optionalField(z.string().trim().min(4).max(32)) })
  .superRefine(productRules);

export const blockProductItem = z.object({
  id: z.number().int(),
  stockId: z.number().int(),
  gid: z.string(),
  code: z.string(),
  stockName: z.string(),
  priceMode: z.enum(BLOCK_PRICE_MODES),
  discount: z.string().nullable(),
  fixedPrice: z.string().nullable(),
  minShares: z.number().int(),
  maxShares: z.number().int(),
  totalShares: z.number().int(),
  leftShares: z.number().int(),
  /** Shares asked for by pending requests (what can still be asked for is left − reserved). */
  reservedShares: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  window: z.enum(BLOCK_WINDOWS),
  shown: z.boolean(),
  locked: z.boolean(),
  lockReason: z.string().nullable(),
  /** The live price and the block price now (null without a fresh quote). */
  last: z.string().nullable(),
  price: z.string().nullable(),
  pending: z.number().int(),
  createdAt: z.string(),
});
export type BlockProductItem = z.infer<typeof blockProductItem>;

export const blockProductQuery = pageQuery.extend({
  gid: optionalText(10),
  window: optionalField(z.enum(BLOCK_WINDOWS)),
  shown: optionalField(zBool()),
  locked: optionalField(zBool()),
});

export const blockRequestItem = z.object({
  id: z.number().int(),
  requestNo: z.string(),
  productId: z.number().int(),
  userId: z.number().int(),
  userName: z.string(),
  phone: z.string(),
  agentName: z.string().nullable(),
  gid: z.string(),
  code: z.string(),
  stockName: z.string(),
  shares: z.number().int(),
  price: z.string(),
  amount: z.string(),
  fee: z.string(),
  hold: z.string(),
  status: z.enum(BLOCK_REQUEST_STATUSES),
  approvedShares: z.number().int().nullable(),
  fillPrice: z.string().nullable(),
  positionId: z.number().int().nullable(),
  reason: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type BlockRequestItem = z.infer<typeof blockRequestItem>;

export const blockRequestQuery = pageQuery.extend({
  userId: optionalField(zId()),
  phone: optionalText(20),
  agentId: optionalField(zId()),
  productId: optionalField(zId()),
  gid: optionalText(10),
  status: optionalField(z.enum(BLOCK_REQUEST_STATUSES)),
  startTime: optionalTime('start'),
  endTime: optionalTime('end'),
});
export const blockTotals = z.object({ count: z.number().int(), shares: z.number().int(), amount: z.string(), hold: z.string() });
export const blockRequestPage = pageOf(blockRequestItem).extend({ totals: blockTotals });

/** Approve (optionally fewer shares, another price within today's limits) or reject with a reason. */
export const blockReviewInput = z.object({
  id: zId(),
  approve: zBool(),
  shares: optionalField(lot),
  price: optionalField(decimal(10, 4, 'invalid_trade_price')),
  reason: optionalText(200),
});
export const blockBatchReviewInput = z.object({ ids: zIdList(), approve: zBool(), reason: optionalText(200) });

// ---- the platform user API ----
export const appBlockProduct = blockProductItem.pick({
  id: true,
  gid: true,
  code: true,
  stockName: true,
  minShares: true,
  maxShares: true,
  leftShares: true,
  startsAt: true,
  endsAt: true,
  last: true,
  price: true,
});
export const blockBuyInput = z.object({ productId: zId(), shares: lot, tradeKey: z.string().trim().min(1).max(32) });

const products = (action: 'query' | 'add' | 'edit' | 'delete' | 'enable' | 'disable') => ({ permission: 'newshares' as const, action });
const requests = (action: 'query' | 'edit') => ({ permission: 'financing' as const, action });

export const blocktradeApi = {
  list: endpoint({
    method: 'POST',
    path: '/admin/stockDz/list.do',
    access: products('query'),
    input: blockProductQuery,
    data: pageOf(blockProductItem),
    summary: 'Block-trade products (大宗交易列表) with window, live block price and what is left',
  }),
  add: endpoint({
    method: 'POST',
    path: '/admin/stockDz/add.do',
    access: products('add'),
    input: blockProductInput,
    data: blockProductItem,
    module: 'blocktrade',
    summary: 'Offer a block trade',
  }),
  update: endpoint({
    method: 'POST',
    path: '/admin/stockDz/update.do',
    access: products('edit'),
    input: blockProductUpdate,
    data: blockProductItem,
    module: 'blocktrade',
    summary: 'Edit a block-trade product',
  }),
  del: endpoint({
    method: 'POST',
    path: '/admin/stockDz/delete.do',
    access: products('delete'),
    input: z.object({ id: zId() }),
    data: z.null(),
    module: 'blocktrade',
    summary: 'Delete a product without pending requests',
  }),
  updateShow: endpoint({
    method: 'POST',
    path: '/admin/stockDz/updateShow.do',
    access: products('edit'),
    input: z.object({ id: zId(), shown: zBool() }),
    data: blockProductItem,
    module: 'blocktrade',
    summary: 'Show or hide a product to users',
  }),
  updateLock: endpoint({
    method: 'POST',
    path: '/admin/stockDz/updateLock.do',
    access: products('edit'),
    input: z.object({ id: zId(), locked: zBool(), reason: optionalText(200) }),
    data: blockProductItem,
    module: 'blocktrade',
    summary: 'Lock or unlock a product',
  }),
  requests: endpoint({
    method: 'POST',
    path: '/admin/stockDz/requestList.do',
    access: requests('query'),
    input: blockRequestQuery,
    data: blockRequestPage,
    summary: 'Block-trade requests (/position/dzList) with totals',
  }),
  review: endpoint({
    method: 'POST',
    path: '/admin/stockDz/review.do',
    access: requests('edit'),
    input: blockReviewInput,
    data: blockRequestItem,
    module: 'blocktrade',
    summary: 'Approve (a block-trade position opens) or reject a request',
  }),
  batchReview: endpoint({
    method: 'POST',
    path: '/admin/stockDz/batchReview.do',
    access: requests('edit'),
    input: blockBatchReviewInput,
    data: batchResults,
    module: 'blocktrade',
    summary: 'Approve or reject several requests, a result per request',
  }),
  appList: endpoint({
    method: 'POST',
    path: '/app/stockDz/list.do',
    access: 'signedIn',
    data: z.array(appBlockProduct),
    summary: 'Block trades open now',
  }),
  appBuy: endpoint({
    method: 'POST',
    path: '/app/stockDz/buy.do',
    access: 'signedIn',
    input: blockBuyInput,
    data: blockRequestItem,
    summary: 'Request a block buy (held until reviewed)',
  }),
  appCancel: endpoint({
    method: 'POST',
    path: '/app/stockDz/cancel.do',
    access: 'signedIn',
    input: z.object({ id: zId() }),
    data: blockRequestItem,
    summary: 'Cancel a pending block request',
  }),
  appOrders: endpoint({
    method: 'POST',
    path: '/app/stockDz/orders.do',
    access: 'signedIn',
    input: pageQuery,
    data: pageOf(blockRequestItem),
    summary: "The user's block requests",
  }),
} as const;
