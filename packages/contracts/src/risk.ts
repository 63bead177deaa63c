import { z } from 'zod';
import { orHeld } from './approvals.js';
import { endpoint } from './endpoint.js';
import { pageOf, pageQuery } from './envelope.js';
import { hhmm, hhmmEnd, percent, zBool, zId, zNumber } from './fields.js';
import { reqAmountNonNeg } from './channels.js';
import { BOARDS } from './products.js';

/**
 * Risk settings (spec §2 `/risksetting`: sharessetting 股票风控, productsetting 产品配置, indexsetting* 指数风控,
 * spreadsetting 点差设置; DESIGN §5; permission `risksetting`). Percentages are strings 0–100 with up to four
 * decimals (`0.03` = 0.03 %), money decimal strings, times Asia/Shanghai `HH:mm`. Each settings object is
 * saved whole with the `version` it was read at: a save over someone else's newer save is refused.
 */
const minutes = (max: number) => zNumber(z.number().int().min(0).max(max));
const shares = () => zNumber(z.number().int().min(100).max(100_000_000).multipleOf(100, { message: 'invalid_lot' }));
const version = zNumber(z.number().int().min(0));

/** Leverage choices: distinct whole numbers 1–100, given as `1,2,5,10` or a list; kept ascending. */
export const leverageList = z
  .union([z.string(), z.array(z.union([z.string(), z.number()]))])
  .transform((v) => (Array.isArray(v) ? v.map(String) : v.split(/[,，\s]+/)).map((s) => s.trim()).filter(Boolean))
  .pipe(
    z
      .array(z.string().regex(/^\d{1,3}$/, { message: 'invalid_leverage' }))
      .min(1, { message: 'invalid_leverage' })
      .max(20),
  )
  .transform((v) => [...new Set(v.map(Number))].sort((a, b) => a - b))
  .refine((v) => v.every((n) => n >= 1 && n <= 100), { message: 'invalid_leverage' });

/** Per board: the change % at or beyond which new buys (up) or shorts (down) are refused. */
const boardBands = z.object(Object.fromEntries(BOARDS.map((b) => [b, percent])) as Record<(typeof BOARDS)[number], typeof percent>);

/** The trading hours: morning and afternoon windows, am start < am end ≤ pm start < pm end. */
const hours = {
  amStart: hhmm,
  amEnd: hhmm,
  pmStart: hhmm,
  pmEnd: hhmmEnd,
};
type Hours = { amStart: string; amEnd: string; pmStart: string; pmEnd: string };
function checkHours(v: Hours, ctx: z.RefinementCtx) {
  if (v.amStart >= v.amEnd) ctx.addIssue({ code: 'custom', message: 'invalid_time_window', path: ['amEnd'], input: v.amEnd });
  if (v.amEnd > v.pmStart) ctx.addIssue({ code: 'custom', message: 'invalid_time_order', path: ['pmStart'], input: v.pmStart });
  if (v.pmStart >= v.pmEnd) ctx.addIssue({ code: 'custom', message: 'invalid_time_window', path: ['pmEnd'], input: v.pmEnd });
}

export const stockRiskFields = z.object({
  /** Fees as % of the order's value: on buying, on selling, stamp duty (selling), deferral per overnight day. */
  buyFeePct: percent,
  sellFeePct: percent,
  stampDutyPct: percent,
  deferralFeePct: percent,
  /** The smallest fee of one buy or sell (¥). */
  minFee: reqAmountNonNeg,
  /** The smallest order value (¥). */
  minBuyAmount: reqAmountNonNeg,
  /** Margin of one buy may be at most this % of the user's free cash. */
  maxMarginPct: percent,
  minShares: shares(),
  maxShares: shares(),
  leverages: leverageList,
  /** Anti-churn: no sell within this many minutes of the buy; at most `maxBuysInWindow` buys of one stock per `buyWindowMinutes`. */
  minHoldMinutes: minutes(24 * 60),
  buyWindowMinutes: minutes(24 * 60),
  maxBuysInWindow: zNumber(z.number().int().min(1).max(1000)),
  /** No long buy at or beyond this rise, no short at or beyond this fall (today's change %), per board. */
  maxRisePct: boardBands,
  maxFallPct: boardBands,
  /** Force close when Σ unrealised P/L ≤ −(forceClosePct % × (free cash + Σ open margins)); warn from warningPct % of that line. */
  forceClosePct: percent,
  warningPct: percent,
  /** Withheld from a long's cash dividend on its ex-date, % (issue 62; 0 on margin platforms unless the operator applies the exchange's differential tax). */
  dividendTaxPct: percent.default('0'),
  ...hours,
});
export const stockRiskInput = stockRiskFields.extend({ version }).superRefine((v, ctx) => {
  checkHours(v, ctx);
  if (v.minShares > v.maxShares) ctx.addIssue({ code: 'custom', message: 'invalid_range', path: ['maxShares'], input: v.maxShares });
  if (Number(v.forceClosePct) <= 0)
    ctx.addIssue({ code: 'custom', message: 'invalid_positive_percent', path: ['forceClosePct'], input: v.forceClosePct });
  if (Number(v.maxMarginPct) <= 0)
    ctx.addIssue({ code: 'custom', message: 'invalid_positive_percent', path: ['maxMarginPct'], input: v.maxMarginPct });
});
export type StockRisk = z.output<typeof stockRiskFields>;

export const productConfigFields = z.object({
  stockShown: zBool(),
  indexShown: zBool(),
  stockTrading: zBool(),
  indexTrading: zBool(),
  blockTradeShown: zBool(),
  newShareShown: zBool(),
  /** Only users whose real name is verified may trade. */
  realNameRequired: zBool(),
  /** Holiday mode: every order is refused whatever the hours (the exchange is closed on a day the calendar did not know). */
  holidayMode: zBool(),
});
export const productConfigInput = productConfigFields.extend({ version });
export type ProductConfig = z.output<typeof productConfigFields>;

export const indexRiskFields = z.object({
  /** Deferral per lot per overnight day (¥). */
  deferralFeePerLot: reqAmountNonNeg,
  maxLotsPerUser: zNumber(z.number().int().min(1).max(1_000_000)),
  forceClosePct: percent,
  warningPct: percent,
  /** Positions may be held overnight (else they are closed at the end of the afternoon session). */
  overnight: zBool(),
  ...hours,
});
export const indexRiskInput = indexRiskFields.extend({ version }).superRefine((v, ctx) => {
  checkHours(v, ctx);
  if (Number(v.forceClosePct) <= 0)
    ctx.addIssue({ code: 'custom', message: 'invalid_positive_percent', path: ['forceClosePct'], input: v.forceClosePct });
});
export type IndexRisk = z.output<typeof indexRiskFields>;

/** A saved settings object with its version and who saved it last. */
const saved = <T extends z.ZodRawShape>(fields: z.ZodObject<T>) =>
  z.object({ settings: fields, version: z.number().int(), updatedAt: z.string().nullable(), updatedBy: z.string().nullable() });
const stockRiskOut = z.object({
  buyFeePct: z.string(),
  sellFeePct: z.string(),
  stampDutyPct: z.string(),
  deferralFeePct: z.string(),
  minFee: z.string(),
  minBuyAmount: z.string(),
  maxMarginPct: z.string(),
  minShares: z.number().int(),
  maxShares: z.number().int(),
  leverages: z.array(z.number().int()),
  minHoldMinutes: z.number().int(),
  buyWindowMinutes: z.number().int(),
  maxBuysInWindow: z.number().int(),
  maxRisePct: z.record(z.enum(BOARDS), z.string()),
  maxFallPct: z.record(z.enum(BOARDS), z.string()),
  forceClosePct: z.string(),
  warningPct: z.string(),
  dividendTaxPct: z.string(),
  amStart: z.string(),
  amEnd: z.string(),
  pmStart: z.string(),
  pmEnd: z.string(),
});
const productConfigOut = z.object(
  Object.fromEntries(Object.keys(productConfigFields.shape).map((k) => [k, z.boolean()])) as Record<keyof ProductConfig, z.ZodBoolean>,
);
const indexRiskOut = z.object({
  deferralFeePerLot: z.string(),
  maxLotsPerUser: z.number().int(),
  forceClosePct: z.string(),
  warningPct: z.string(),
  overnight: z.boolean(),
  amStart: z.string(),
  amEnd: z.string(),
  pmStart: z.string(),
  pmEnd: z.string(),
});
export const stockRiskData = saved(stockRiskOut);
export const productConfigData = saved(productConfigOut);
export const indexRiskData = saved(indexRiskOut);

/** The platform's starting rules (a fresh database answers these until an operator saves). */
export const DEFAULT_STOCK_RISK: StockRisk = {
  buyFeePct: '0.03',
  sellFeePct: '0.03',
  stampDutyPct: '0.05',
  deferralFeePct: '0.05',
  minFee: '5.00',
  minBuyAmount: '1000.00',
  maxMarginPct: '90',
  minShares: 100,
  maxShares: 1_000_000,
  leverages: [1, 2, 3, 5, 10],
  minHoldMinutes: 5,
  buyWindowMinutes: 10,
  maxBuysInWindow: 3,
  maxRisePct: { main: '9', star: '18', chinext: '18', bj: '27' },
  maxFallPct: { main: '9', star: '18', chinext: '18', bj: '27' },
  forceClosePct: '80',
  warningPct: '70',
  dividendTaxPct: '0',
  amStart: '09:30',
  amEnd: '11:30',
  pmStart: '13:00',
  pmEnd: '15:00',
};
export const DEFAULT_PRODUCT_CONFIG: ProductConfig = {
  stockShown: true,
  indexShown: true,
  stockTrading: true,
  indexTrading: false,
  blockTradeShown: true,
  newShareShown: true,
  realNameRequired: true,
  holidayMode: false,
};
export const DEFAULT_INDEX_RISK: IndexRisk = {
  deferralFeePerLot: '10.00',
  maxLotsPerUser: 100,
  forceClosePct: '80',
  warningPct: '70',
  overnight: true,
  amStart: '09:30',
  amEnd: '11:30',
  pmStart: '13:00',
  pmEnd: '15:00',
};

/** Spread rules: the highest rate among the enabled rules that match an order (and the stock's own rate) applies. */
export const SPREAD_RULE_TYPES = ['change_pct', 'amount', 'code_prefix', 'price'] as const;
export type SpreadRuleType = (typeof SPREAD_RULE_TYPES)[number];
const bound = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^-?\d{1,14}(\.\d{1,4})?$/, { message: 'invalid_number' }));
export const spreadRuleFields = z.object({
  type: z.enum(SPREAD_RULE_TYPES),
  /** Band [start, end) of the order's change % (signed), amount (¥) or price (¥); unused for a code prefix. */
  start: bound.optional(),
  end: bound.optional(),
  /** Code prefix (1–6 digits), for `code_prefix`. */
  prefix: z
    .string()
    .trim()
    .regex(/^\d{1,6}$/, { message: 'invalid_prefix' })
    .optional(),
  ratePct: percent,
  enabled: zBool().optional(),
  note: z.string().trim().max(200).optional(),
});
type SpreadFields = z.output<typeof spreadRuleFields>;
function checkSpread(v: SpreadFields, ctx: z.RefinementCtx) {
  if (v.type === 'code_prefix') {
    if (!v.prefix) ctx.addIssue({ code: 'custom', message: 'required', path: ['prefix'], input: v.prefix });
    return;
  }
  if (v.start === undefined) ctx.addIssue({ code: 'custom', message: 'required', path: ['start'], input: v.start });
  if (v.end === undefined) ctx.addIssue({ code: 'custom', message: 'required', path: ['end'], input: v.end });
  if (v.start !== undefined && v.end !== undefined && Number(v.start) >= Number(v.end))
    ctx.addIssue({ code: 'custom', message: 'invalid_range', path: ['end'], input: v.end });
  if (v.type !== 'change_pct' && v.start !== undefined && v.start.startsWith('-'))
    ctx.addIssue({ code: 'custom', message: 'invalid_number', path: ['start'], input: v.start });
}
export const addSpreadRuleInput = spreadRuleFields.superRefine(checkSpread);
export const updateSpreadRuleInput = spreadRuleFields.extend({ id: zId() }).superRefine(checkSpread);
export const spreadRuleIdInput = z.object({ id: zId() });
export const spreadRuleItem = z.object({
  id: z.number().int(),
  type: z.enum(SPREAD_RULE_TYPES),
  start: z.string().nullable(),
  end: z.string().nullable(),
  prefix: z.string().nullable(),
  ratePct: z.string(),
  enabled: z.boolean(),
  note: z.string(),
  updatedAt: z.string(),
});
export type SpreadRuleItem = z.infer<typeof spreadRuleItem>;
export const spreadRuleListQuery = pageQuery.extend({ type: z.enum(SPREAD_RULE_TYPES).optional() });

const perm = (action: 'query' | 'edit' | 'add' | 'delete') => ({ permission: 'risksetting' as const, action });
const settingsPair = <I extends z.ZodType, D extends z.ZodType>(name: string, path: string, input: I, data: D) => ({
  get: endpoint({
    method: 'POST',
    path: `/admin/risk/${path}/get.do`,
    access: perm('query'),
    data,
    summary: `${name}: current settings and version`,
  }),
  update: endpoint({
    method: 'POST',
    path: `/admin/risk/${path}/update.do`,
    access: perm('edit'),
    input,
    data: orHeld(data),
    module: 'risk',
    summary: `Save ${name} (refused when another save came first)`,
    guard: 'risk.settings',
  }),
});
const stock = settingsPair('stock risk', 'stock', stockRiskInput, stockRiskData);
const product = settingsPair('product configuration', 'product', productConfigInput, productConfigData);
const index = settingsPair('index risk', 'index', indexRiskInput, indexRiskData);

export const riskApi = {
  stockGet: stock.get,
  stockUpdate: stock.update,
  productGet: product.get,
  productUpdate: product.update,
  indexGet: index.get,
  indexUpdate: index.update,
  spreadList: endpoint({
    method: 'POST',
    path: '/admin/risk/spread/list.do',
    access: perm('query'),
    input: spreadRuleListQuery,
    data: pageOf(spreadRuleItem),
  }),
  spreadAdd: endpoint({
    method: 'POST',
    path: '/admin/risk/spread/add.do',
    access: perm('add'),
    input: addSpreadRuleInput,
    data: orHeld(spreadRuleItem),
    module: 'risk',
    guard: 'risk.settings',
  }),
  spreadUpdate: endpoint({
    method: 'POST',
    path: '/admin/risk/spread/update.do',
    access: perm('edit'),
    input: updateSpreadRuleInput,
    data: orHeld(spreadRuleItem),
    module: 'risk',
    guard: 'risk.settings',
  }),
  spreadDelete: endpoint({
    method: 'POST',
    path: '/admin/risk/spread/delete.do',
    access: perm('delete'),
    input: spreadRuleIdInput,
    module: 'risk',
    guard: 'risk.settings',
  }),
} as const;
