import {
  gidOf,
  indexCodeProblem,
  productPrice,
  productRate,
  stockBoardOf,
  type IndexItem,
  type InputOf,
  type StockBoard,
  type StockItem,
  type StockMarket,
  type productsApi,
} from '@stock-admin/contracts';

/**
 * The add/edit drawers' rules, the same as the contract's (`addStockInput`, `addIndexInput`, the code
 * table of stock-codes.ts): each check answers the i18n key of its message under
 * `products.form.err.` or null, so the drawers show the reason on the field before the server is asked.
 * The server checks again and its message is put on the field it names.
 */
export type FieldError =
  'required' | 'codeFormat' | 'codeMarket' | 'nameLength' | 'rate' | 'price' | 'lots' | 'lotsOrder' | 'descriptionLength';

const str = (v: unknown): string => (v === undefined || v === null ? '' : String(v).trim());
const blank = (v: unknown) => str(v) === '';

export const NAME_MAX = 50;
export const DESCRIPTION_MAX = 2000;
export const LOTS_MAX = 1_000_000;

/** A stock code for its market: six digits, with a prefix that market assigns to stocks. */
export function stockCodeError(market: StockMarket | undefined, code: unknown): FieldError | null {
  const c = str(code);
  if (!c) return 'required';
  if (!/^\d{6}$/.test(c)) return 'codeFormat';
  if (!market) return null; // the market field reports itself
  const r = stockBoardOf(market, c);
  return 'problem' in r ? (r.problem === 'code_market_mismatch' ? 'codeMarket' : 'codeFormat') : null;
}

/** An index code for its market (Shanghai/CSI 000xxx, Shenzhen 399xxx, Beijing 899xxx). */
export function indexCodeError(market: StockMarket | undefined, code: unknown): FieldError | null {
  const c = str(code);
  if (!c) return 'required';
  if (!/^\d{6}$/.test(c)) return 'codeFormat';
  if (!market) return null;
  const p = indexCodeProblem(market, c);
  return p === 'code_market_mismatch' ? 'codeMarket' : p ? 'codeFormat' : null;
}

/** What the drawer shows under a valid code: its board and gid. */
export function stockCodePreview(market: StockMarket | undefined, code: unknown): { board: StockBoard; gid: string } | null {
  const c = str(code);
  if (!market || stockCodeError(market, c)) return null;
  const r = stockBoardOf(market, c);
  return 'board' in r ? { board: r.board, gid: gidOf(market, c) } : null;
}

export function nameError(v: unknown): FieldError | null {
  const s = str(v);
  if (!s) return 'required';
  return s.length > NAME_MAX ? 'nameLength' : null;
}

/** Spread rate: optional; a fraction 0 … 1 with at most six decimals. */
export const rateError = (v: unknown): FieldError | null => (blank(v) || productRate.safeParse(str(v)).success ? null : 'rate');

/** A money field of an index (per lot / per point): required, ≥ 0, at most four decimals. */
export function priceError(v: unknown): FieldError | null {
  if (blank(v)) return 'required';
  return productPrice.safeParse(str(v)).success ? null : 'price';
}

/** Lots: a whole number 1 … 1,000,000. */
export function lotsError(v: unknown): FieldError | null {
  if (blank(v)) return 'required';
  const s = str(v);
  return /^\d+$/.test(s) && Number(s) >= 1 && Number(s) <= LOTS_MAX ? null : 'lots';
}

/** minLots ≤ maxLots (checked on the max field, once both are valid). */
export function lotsOrderError(min: unknown, max: unknown): FieldError | null {
  if (lotsError(min) || lotsError(max)) return null;
  return Number(str(max)) < Number(str(min)) ? 'lotsOrder' : null;
}

export const descriptionError = (v: unknown): FieldError | null => (str(v).length > DESCRIPTION_MAX ? 'descriptionLength' : null);

// ---------- form values ↔ payloads ----------

/** A decimal typed in a number box (string mode): trailing '.' removed; '' when empty. */
const decimal = (v: unknown): string => {
  const s = str(v);
  return s.endsWith('.') ? s.slice(0, -1) : s;
};

export interface StockFormValues {
  market?: StockMarket;
  code?: string;
  name?: string;
  spreadRate?: string | number | null;
  shown?: boolean;
}

export const NEW_STOCK: StockFormValues = { market: 'sh', shown: true };

export const stockToForm = (s: StockItem): StockFormValues => ({ market: s.market, code: s.code, name: s.name, spreadRate: s.spreadRate });

export function formToStockAdd(v: StockFormValues): InputOf<typeof productsApi.stockAdd> {
  const rate = decimal(v.spreadRate);
  return { code: str(v.code), name: str(v.name), market: v.market!, ...(rate ? { spreadRate: rate } : {}), shown: !!v.shown };
}

/** Only what the edit drawer changes: name and spread rate (an emptied rate is left as it was). */
export function formToStockUpdate(id: number, v: StockFormValues): InputOf<typeof productsApi.stockUpdate> {
  const rate = decimal(v.spreadRate);
  return { id, name: str(v.name), ...(rate ? { spreadRate: rate } : {}) };
}

export interface IndexFormValues {
  market?: StockMarket;
  code?: string;
  name?: string;
  homeShown?: boolean;
  listShown?: boolean;
  tradable?: boolean;
  marginPerLot?: string | number | null;
  feePerLot?: string | number | null;
  valuePerPoint?: string | number | null;
  minLots?: string | number | null;
  maxLots?: string | number | null;
  description?: string;
}

export const NEW_INDEX: IndexFormValues = { market: 'sh', homeShown: false, listShown: true, tradable: false, minLots: 1, maxLots: 100 };

export const indexToForm = (i: IndexItem): IndexFormValues => ({
  market: i.gid.slice(0, 2) as StockMarket,
  code: i.code,
  name: i.name,
  homeShown: i.homeShown,
  listShown: i.listShown,
  tradable: i.tradable,
  marginPerLot: i.marginPerLot,
  feePerLot: i.feePerLot,
  valuePerPoint: i.valuePerPoint,
  minLots: i.minLots,
  maxLots: i.maxLots,
  description: i.description,
});

function indexFields(v: IndexFormValues) {
  return {
    name: str(v.name),
    homeShown: !!v.homeShown,
    listShown: !!v.listShown,
    tradable: !!v.tradable,
    marginPerLot: decimal(v.marginPerLot),
    feePerLot: decimal(v.feePerLot),
    valuePerPoint: decimal(v.valuePerPoint),
    minLots: Number(str(v.minLots)),
    maxLots: Number(str(v.maxLots)),
    description: str(v.description),
  };
}

export const formToIndexAdd = (v: IndexFormValues): InputOf<typeof productsApi.indexAdd> => ({
  code: str(v.code),
  market: v.market!,
  ...indexFields(v),
});

export const formToIndexUpdate = (id: number, v: IndexFormValues): InputOf<typeof productsApi.indexUpdate> => ({ id, ...indexFields(v) });
