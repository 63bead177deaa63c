import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { pageOf, pageQuery } from './envelope.js';
import { optionalText, zBool, zId, zNumber } from './fields.js';
import { optionalField, userUploadedFile } from './user-fields.js';
import { productPrice, productRate } from './products-fields.js';

/**
 * Stock and index products (spec §2 `/product`: shares 股票产品, index 指数产品; DESIGN §5) and the
 * market strip (`POST /api/stock/getMarket.do`). Prices are decimal strings with two decimals; a quote
 * field is null while the symbol has no quote yet; `stale` marks a quote the feed stopped refreshing.
 */
export const MARKETS = ['sh', 'sz', 'bj'] as const;
export type Market = (typeof MARKETS)[number];
/** main 主板, star 科创板 (688/689), chinext 创业板 (300/301), bj 北交所. */
export const BOARDS = ['main', 'star', 'chinext', 'bj'] as const;
export type Board = (typeof BOARDS)[number];

// the product forms' field rules, in a module of their own (products-fields.ts): the console checks its forms with them,
// and the pages that only call this domain (the market strip) do not carry them and zod
export { productPrice, productRate } from './products-fields.js';

/** The live columns every product row carries (from the quote service; null before the first quote). */
export const quoteColumns = z.object({
  last: z.string().nullable(),
  prevClose: z.string().nullable(),
  change: z.string().nullable(),
  changePct: z.string().nullable(),
  /** Turnover of the day in yuan (decimal string). */
  turnover: z.string().nullable(),
  stale: z.boolean(),
});

export const stockItem = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    market: z.enum(MARKETS),
    /** Market + code, e.g. `sh600000`. */
    gid: z.string(),
    board: z.enum(BOARDS),
    /** Pinyin initials of the name (`GZMT` for 贵州茅台). */
    pinyin: z.string(),
    /** ST / *ST names trade within ±5 %. */
    st: z.boolean(),
    spreadRate: z.string(),
    shown: z.boolean(),
    locked: z.boolean(),
    lockReason: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .extend(quoteColumns.shape);
export type StockItem = z.infer<typeof stockItem>;

export const STOCK_SORT_FIELDS = ['id', 'code', 'changePct', 'turnover'] as const;

export const stockFilters = z.object({
  code: optionalText(10),
  name: optionalText(50),
  /** Pinyin initials, from the start (`gz` finds 贵州茅台). */
  pinyin: optionalText(20),
  market: optionalField(z.enum(MARKETS)),
  board: optionalField(z.enum(BOARDS)),
  shown: optionalField(zBool()),
  locked: optionalField(zBool()),
});
export const stockListQuery = pageQuery.extend(stockFilters.shape).extend({
  sortField: optionalField(z.enum(STOCK_SORT_FIELDS)),
  sortOrder: optionalField(z.enum(['asc', 'desc', 'ascend', 'descend']).transform((v) => (v.startsWith('asc') ? 'asc' : 'desc'))),
});
export type StockListQuery = z.output<typeof stockListQuery>;

export const addStockInput = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { message: 'invalid_stock_code' }),
  name: z.string().trim().min(1).max(50),
  market: z.enum(MARKETS),
  spreadRate: optionalField(productRate),
  shown: optionalField(zBool()),
});
export const updateStockInput = z.object({
  id: zId(),
  name: optionalField(z.string().trim().min(1).max(50)),
  spreadRate: optionalField(productRate),
});
/** Lock or unlock trading, show or hide: the reason is kept in the operation log. */
export const stockLockInput = z.object({ id: zId(), locked: zBool(), reason: optionalText(200) });
export const stockShowInput = z.object({ id: zId(), shown: zBool(), reason: optionalText(200) });
export const stockIdInput = z.object({ id: zId() });

/** CSV import: the header names these columns (spreadRate and shown optional); at most this many rows per file. */
export const STOCK_CSV_COLUMNS = ['code', 'name', 'market', 'spreadRate', 'shown'] as const;
export const STOCK_IMPORT_MAX_ROWS = 10_000;
export const stockImportInput = z.object({ file: userUploadedFile });
/** `skipped`: a valid line left unwritten because other lines failed (all or nothing). */
export const IMPORT_RESULTS = ['added', 'updated', 'failed', 'skipped'] as const;
export const stockImportRow = z.object({
  /** 1-based line of the file (the header is line 1). */
  row: z.number().int(),
  code: z.string(),
  result: z.enum(IMPORT_RESULTS),
  reason: z.string().nullable(),
});
export const stockImportData = z.object({
  /** False when any row failed: then nothing was written. */
  applied: z.boolean(),
  added: z.number().int(),
  updated: z.number().int(),
  failed: z.number().int(),
  rows: z.array(stockImportRow),
});
export type StockImportData = z.infer<typeof stockImportData>;

export const indexItem = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    gid: z.string(),
    /** Shown in the app's home strip. */
    homeShown: z.boolean(),
    /** Shown in the app's index list. */
    listShown: z.boolean(),
    tradable: z.boolean(),
    marginPerLot: z.string(),
    feePerLot: z.string(),
    valuePerPoint: z.string(),
    minLots: z.number().int(),
    maxLots: z.number().int(),
    description: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .extend(quoteColumns.shape);
export type IndexItem = z.infer<typeof indexItem>;

export const indexFilters = z.object({
  code: optionalText(10),
  name: optionalText(50),
  tradable: optionalField(zBool()),
  homeShown: optionalField(zBool()),
  listShown: optionalField(zBool()),
});
export const indexListQuery = pageQuery.extend(indexFilters.shape);

const lots = () => zNumber(z.number().int().min(1).max(1_000_000));
const indexFields = {
  name: z.string().trim().min(1).max(50),
  homeShown: optionalField(zBool()),
  listShown: optionalField(zBool()),
  tradable: optionalField(zBool()),
  marginPerLot: productPrice,
  feePerLot: productPrice,
  valuePerPoint: productPrice,
  minLots: lots(),
  maxLots: lots(),
  description: z.string().trim().max(2000).optional(),
};
export const addIndexInput = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { message: 'invalid_stock_code' }),
  market: z.enum(MARKETS),
  ...indexFields,
});
export const updateIndexInput = z.object({ id: zId(), ...indexFields });
/** `updateShow.do`: which flag (home strip or list) and its value. */
export const INDEX_SHOW_PLACES = ['home', 'list'] as const;
export const indexShowInput = z.object({ id: zId(), place: z.enum(INDEX_SHOW_PLACES), shown: zBool() });
export const indexTransInput = z.object({ id: zId(), tradable: zBool() });

/** The market strip: the major indices (spec §7 getMarket.do). */
export const marketItem = z.object({ code: z.string(), name: z.string(), gid: z.string() }).extend(quoteColumns.shape);
export const marketData = z.array(marketItem);
export type MarketItem = z.infer<typeof marketItem>;

const stockPerm = (action: 'query' | 'add' | 'edit' | 'enable' | 'disable' | 'delete' | 'import' | 'export') => ({
  permission: 'shares' as const,
  action,
});
const indexPerm = (action: 'query' | 'add' | 'edit' | 'enable' | 'disable') => ({ permission: 'index' as const, action });

export const productsApi = {
  stockList: endpoint({
    method: 'POST',
    path: '/admin/stock/list.do',
    access: stockPerm('query'),
    input: stockListQuery,
    data: pageOf(stockItem),
  }),
  stockAdd: endpoint({
    method: 'POST',
    path: '/admin/stock/add.do',
    access: stockPerm('add'),
    input: addStockInput,
    data: stockItem,
    module: 'products',
  }),
  stockUpdate: endpoint({
    method: 'POST',
    path: '/admin/stock/updateStock.do',
    access: stockPerm('edit'),
    input: updateStockInput,
    data: stockItem,
    module: 'products',
  }),
  // Lock/show switches: the route needs `query`; the handler checks `disable` (lock, hide) or `enable`
  // (unlock, show) by the direction asked, so a role may hold one without the other.
  stockLock: endpoint({
    method: 'POST',
    path: '/admin/stock/updateLock.do',
    access: stockPerm('query'),
    input: stockLockInput,
    data: stockItem,
    module: 'products',
  }),
  stockShow: endpoint({
    method: 'POST',
    path: '/admin/stock/updateShow.do',
    access: stockPerm('query'),
    input: stockShowInput,
    data: stockItem,
    module: 'products',
  }),
  stockDelete: endpoint({
    method: 'POST',
    path: '/admin/stock/delStock.do',
    access: stockPerm('delete'),
    input: stockIdInput,
    module: 'products',
  }),
  stockImport: endpoint({
    method: 'POST',
    path: '/admin/stock/import.do',
    access: stockPerm('import'),
    input: stockImportInput,
    data: stockImportData,
    module: 'products',
    summary: 'CSV import (code,name,market[,spreadRate,shown]): all rows or none, with a per-row report',
  }),
  stockExport: endpoint({
    method: 'POST',
    path: '/admin/stock/export.do',
    access: stockPerm('export'),
    input: stockFilters,
    module: 'products',
    summary: 'The stock list as CSV (UTF-8 with BOM), same filters',
  }),
  indexList: endpoint({
    method: 'POST',
    path: '/admin/index/list.do',
    access: indexPerm('query'),
    input: indexListQuery,
    data: pageOf(indexItem),
  }),
  indexAdd: endpoint({
    method: 'POST',
    path: '/admin/index/addIndex.do',
    access: indexPerm('add'),
    input: addIndexInput,
    data: indexItem,
    module: 'products',
  }),
  indexUpdate: endpoint({
    method: 'POST',
    path: '/admin/index/updateIndex.do',
    access: indexPerm('edit'),
    input: updateIndexInput,
    data: indexItem,
    module: 'products',
  }),
  indexShow: endpoint({
    method: 'POST',
    path: '/admin/index/updateShow.do',
    access: indexPerm('query'),
    input: indexShowInput,
    data: indexItem,
    module: 'products',
  }),
  indexTrans: endpoint({
    method: 'POST',
    path: '/admin/index/updateTrans.do',
    access: indexPerm('query'),
    input: indexTransInput,
    data: indexItem,
    module: 'products',
  }),
  market: endpoint({
    method: 'POST',
    path: '/api/stock/getMarket.do',
    access: 'signedIn',
    data: marketData,
    summary: 'The major indices with last, change, change % and turnover (the market strip)',
  }),
} as const;
