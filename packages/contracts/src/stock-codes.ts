/**
 * A-share code rules (zod-free: the console's add drawer derives the board and gid as the operator
 * types; the server validates with the same table). Prefixes as the exchanges assign them today:
 * - Shanghai: 600/601/603/605 main board, 688/689 STAR Market (科创板);
 * - Shenzhen: 000/001/002/003 main board (the former SME board merged into it in 2021), 300/301/302 ChiNext (创业板);
 * - Beijing: 43/83/87/88 (the former NEEQ select tier) and 920 (codes assigned since 2024).
 * Indices have their own ranges: Shanghai and CSI 000xxx, Shenzhen 399xxx, Beijing 899xxx.
 */
export type StockMarket = 'sh' | 'sz' | 'bj';
export type StockBoard = 'main' | 'star' | 'chinext' | 'bj';

const STOCK_PREFIXES: readonly { market: StockMarket; board: StockBoard; prefixes: readonly string[] }[] = [
  { market: 'sh', board: 'main', prefixes: ['600', '601', '603', '605'] },
  { market: 'sh', board: 'star', prefixes: ['688', '689'] },
  { market: 'sz', board: 'main', prefixes: ['000', '001', '002', '003'] },
  { market: 'sz', board: 'chinext', prefixes: ['300', '301', '302'] },
  { market: 'bj', board: 'bj', prefixes: ['43', '83', '87', '88', '920'] },
];

const INDEX_PREFIXES: Record<StockMarket, readonly string[]> = { sh: ['000'], sz: ['399'], bj: ['899'] };

const SIX_DIGITS = /^\d{6}$/;

/** Why a code is refused: the i18n reason keys the server registers and the console shows. */
export type CodeProblem = 'invalid_stock_code' | 'code_market_mismatch';

/** The board of a stock code in a market, or the reason it is not a stock code of that market. */
export function stockBoardOf(market: StockMarket, code: string): { board: StockBoard } | { problem: CodeProblem } {
  if (!SIX_DIGITS.test(code)) return { problem: 'invalid_stock_code' };
  const hit = STOCK_PREFIXES.find((r) => r.market === market && r.prefixes.some((p) => code.startsWith(p)));
  if (hit) return { board: hit.board };
  return {
    problem: STOCK_PREFIXES.some((r) => r.prefixes.some((p) => code.startsWith(p))) ? 'code_market_mismatch' : 'invalid_stock_code',
  };
}

/** The market a stock code belongs to, when its prefix says (for imports and pickers). */
export function stockMarketOf(code: string): StockMarket | undefined {
  if (!SIX_DIGITS.test(code)) return undefined;
  return STOCK_PREFIXES.find((r) => r.prefixes.some((p) => code.startsWith(p)))?.market;
}

export function indexCodeProblem(market: StockMarket, code: string): CodeProblem | undefined {
  if (!SIX_DIGITS.test(code)) return 'invalid_stock_code';
  return INDEX_PREFIXES[market].some((p) => code.startsWith(p)) ? undefined : 'code_market_mismatch';
}

/** `sh600000`: market + code, the key quotes are kept under. */
export const gidOf = (market: StockMarket, code: string): string => `${market}${code}`;

/** ST and *ST names (special treatment: a narrower price limit on the main boards). */
export const isSt = (name: string): boolean => /^\*?S?\*?ST/i.test(name.trim());

/**
 * The daily price limit as a percentage of the previous close: main board ±10 % (ST ±5 %), STAR and
 * ChiNext ±20 % (ST too), Beijing ±30 %.
 */
export function priceLimitPct(board: StockBoard, st: boolean): number {
  if (board === 'bj') return 30;
  if (board === 'star' || board === 'chinext') return 20;
  return st ? 5 : 10;
}
