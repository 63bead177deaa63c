import { z } from 'zod';
import { zNumber } from './fields.js';

/** Response status codes of the `{status, msg, data}` envelope (DESIGN §3). */
export const Status = {
  OK: 0,
  FAIL: 1,
  INVALID: 2,
  LOGIN_REQUIRED: 10,
  /** The server cannot serve now (database unavailable, restarting): HTTP 503 with Retry-After; retry. */
  UNAVAILABLE: 11,
} as const;
export type StatusCode = (typeof Status)[keyof typeof Status];

export interface Envelope<T = unknown> {
  status: StatusCode;
  msg: string;
  data: T;
}

export const envelopeSchema = <T extends z.ZodType>(data: T) => z.object({ status: z.number().int(), msg: z.string(), data });

/** The exact wording the console's error catalogue keys on (spec §8). */
export const LOGIN_REQUIRED_MSG_ZH = '请先登录，无权限访问';
export const LOGIN_REQUIRED_MSG_ZH_TW = '請先登錄，無權限訪問';

export const LANGS = ['zh-CN', 'en-US'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'zh-CN';

/** Paged list request and response (DESIGN §3 Lists). */
export const pageQuery = z.object({
  pageNum: zNumber(z.number().int().min(1)).default(1),
  pageSize: zNumber(z.number().int().min(1).max(1000)).default(10),
});
export type PageQuery = z.infer<typeof pageQuery>;

/**
 * The most rows a list counts for its total (issue 51): past it, counting every match of a year's log or orders took
 * longer than the page itself, so the count stops at COUNT_CAP + 1 and a total above COUNT_CAP reads "more than
 * COUNT_CAP" (the console's `共 100000+ 条`). Page 1,000 of 100 rows is still reachable.
 */
export const COUNT_CAP = 100_000;

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    total: z.number().int(),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
  });
export interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

/** A decimal amount on the wire: a string, never a float (DESIGN §3 Money). */
export const money = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^-?\d{1,18}(\.\d{1,2})?$/, { message: 'invalid_amount' }));
export const moneyOut = z.string();
