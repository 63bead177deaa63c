import { z } from 'zod';
import { endpoint } from './endpoint.js';

/**
 * The market domain (issue 20): the quote service's live quotes as the console receives them.
 *
 * Socket protocol (on `/manager/ws/{adminId}`, beside heartbeats and notices):
 * - console → server `{cmd: 14, data: {gids: ['sh600000', …]}}` — WATCH: replaces the set of symbols this
 *   socket shows (an empty list stops quotes); sent again after every reconnect;
 * - server → console `{cmd: 15, type: 'QUOTES', data: QuotesFrame}` — after each tick, only the watched
 *   symbols whose quote changed (or whose stale flag changed).
 */
export const MarketCmd = { WATCH: 14, QUOTES: 15 } as const;
/** Symbols one socket may watch at once (a page of the largest list, plus the market strip). */
export const WATCH_MAX = 500;
export const GID_PATTERN = /^(sh|sz|bj)\d{6}$/;

/**
 * A trading day's phases (Asia/Shanghai): `closed` before 9:15, after 15:00 and on weekends and holidays;
 * `auction` 9:15–9:30 (the open is fixed at 9:25); `open` 9:30–11:30 and 13:00–15:00; `break` 11:30–13:00.
 * Intervals are half-open: 11:30:00 is the break, 13:00:00 is open.
 */
export const MARKET_PHASES = ['closed', 'auction', 'open', 'break'] as const;
export type MarketPhase = (typeof MARKET_PHASES)[number];

/** One symbol's quote on the wire. Prices are decimal strings with two decimals; volume in shares. */
export const quoteTick = z.object({
  gid: z.string(),
  last: z.string(),
  prevClose: z.string(),
  change: z.string(),
  changePct: z.string(),
  open: z.string().nullable(),
  high: z.string().nullable(),
  low: z.string().nullable(),
  volume: z.string(),
  /** Turnover of the day in yuan. */
  turnover: z.string(),
  bid: z.string().nullable(),
  ask: z.string().nullable(),
  /** The feed stopped refreshing this quote: shown marked, never traded against. */
  stale: z.boolean(),
  /** When the quote was taken (ISO time). */
  at: z.string(),
});
export type QuoteTick = z.infer<typeof quoteTick>;

export const quotesFrame = z.object({
  phase: z.enum(MARKET_PHASES),
  quotes: z.array(quoteTick),
});
export type QuotesFrame = z.infer<typeof quotesFrame>;

const PRICE_KEYS = ['last', 'prevClose', 'change', 'changePct', 'volume', 'turnover', 'at'] as const;
const NULLABLE_KEYS = ['open', 'high', 'low', 'bid', 'ask'] as const;

/**
 * `quotesFrame.safeParse(data).success` without zod: the console checks every QUOTES frame with it (a tick is
 * hundreds of quotes every few seconds, and the pages that show quotes should not carry zod for it).
 * test/market.test.ts holds the two in agreement.
 */
export function isQuotesFrame(data: unknown): data is QuotesFrame {
  if (!data || typeof data !== 'object') return false;
  const f = data as { phase?: unknown; quotes?: unknown };
  if (!(MARKET_PHASES as readonly unknown[]).includes(f.phase) || !Array.isArray(f.quotes)) return false;
  return f.quotes.every((q: unknown) => {
    if (!q || typeof q !== 'object') return false;
    const r = q as Record<string, unknown>;
    return (
      typeof r.gid === 'string' &&
      typeof r.stale === 'boolean' &&
      PRICE_KEYS.every((k) => typeof r[k] === 'string') &&
      NULLABLE_KEYS.every((k) => r[k] === null || typeof r[k] === 'string')
    );
  });
}

export const watchFrame = z.object({
  cmd: z.literal(MarketCmd.WATCH),
  data: z.object({ gids: z.array(z.string().regex(GID_PATTERN)).max(WATCH_MAX) }),
});

/** The feed's state, for the pages' status line. */
export const marketStatus = z.object({
  source: z.enum(['simulated', 'http']),
  phase: z.enum(MARKET_PHASES),
  /** `exchange`: the Shanghai calendar; `continuous`: the demo's simulated session, open all day (QUOTE_SESSION). */
  session: z.enum(['exchange', 'continuous']),
  /** The trading day the quotes belong to (YYYY-MM-DD, Asia/Shanghai). */
  tradingDay: z.string(),
  /** True while the vendor feed is not answering (http source only). */
  stale: z.boolean(),
  lastTickAt: z.string().nullable(),
  intervalMs: z.number().int(),
  symbols: z.number().int(),
});
export type MarketStatus = z.infer<typeof marketStatus>;

export const marketApi = {
  status: endpoint({
    method: 'POST',
    path: '/admin/market/status.do',
    access: 'signedIn',
    data: marketStatus,
    summary: 'The quote feed: source, trading phase, stale state and last tick',
  }),
} as const;
