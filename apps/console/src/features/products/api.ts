import { productsApi, type InputOf } from '@stock-admin/contracts';
import { call, upload, type CallOptions } from '../../lib/request';

/** An import reads and checks every line before answering: longer than the 6 s of ordinary calls. */
export const IMPORT_TIMEOUT_MS = 120_000;

/** Typed calls of 股票产品 (/product/shares). Failures are shown by the request client. */
export const stockCalls = {
  stockList: (q: InputOf<typeof productsApi.stockList>, opts?: CallOptions) => call(productsApi.stockList, q, opts),
  stockAdd: (q: InputOf<typeof productsApi.stockAdd>) => call(productsApi.stockAdd, q),
  stockUpdate: (q: InputOf<typeof productsApi.stockUpdate>) => call(productsApi.stockUpdate, q),
  /** Lock (with an optional reason, kept in the operation log) or unlock trading. */
  stockLock: (id: number, locked: boolean, reason?: string) => call(productsApi.stockLock, { id, locked, reason: reason || undefined }),
  stockShow: (id: number, shown: boolean) => call(productsApi.stockShow, { id, shown }),
  stockDelete: (id: number) => call(productsApi.stockDelete, { id }),
  /**
   * The CSV import (multipart `file`), reporting upload progress. When a line fails the server answers
   * status 1 with the per-row report in `data`: the rejection is a `RequestError` carrying it.
   */
  stockImport: (file: File, onProgress: (percent: number) => void) =>
    upload(productsApi.stockImport, { file }, { onUploadProgress: onProgress, timeout: IMPORT_TIMEOUT_MS }),
};

/** Typed calls of 指数产品 (/product/index). */
export const indexCalls = {
  indexList: (q: InputOf<typeof productsApi.indexList>, opts?: CallOptions) => call(productsApi.indexList, q, opts),
  indexAdd: (q: InputOf<typeof productsApi.indexAdd>) => call(productsApi.indexAdd, q),
  indexUpdate: (q: InputOf<typeof productsApi.indexUpdate>) => call(productsApi.indexUpdate, q),
  /** The home-strip or the list flag. */
  indexShow: (id: number, place: 'home' | 'list', shown: boolean) => call(productsApi.indexShow, { id, place, shown }),
  indexTrans: (id: number, tradable: boolean) => call(productsApi.indexTrans, { id, tradable }),
};
