import { riskApi, type InputOf } from '@stock-admin/contracts';
import { call } from '../../lib/request';
import type { DocKey } from './lib/fields';

/** Typed calls of 风控设置 (spec §2 /risksetting, permission `risksetting`). Failures are shown by the request client. */
export const riskCalls = {
  get: {
    stock: () => call(riskApi.stockGet),
    product: () => call(riskApi.productGet),
    index: () => call(riskApi.indexGet),
  },
  /** The current version only, silently (after a refused save: was it someone else's newer save?). */
  version: (doc: DocKey) =>
    call(doc === 'stock' ? riskApi.stockGet : doc === 'product' ? riskApi.productGet : riskApi.indexGet, undefined, { silent: true }),
  /** The whole document with the version it was read at, as JSON (it nests: the bands per board, the leverage list). */
  update: {
    stock: (q: InputOf<typeof riskApi.stockUpdate>) => call(riskApi.stockUpdate, q, { dataType: 'json' }),
    product: (q: InputOf<typeof riskApi.productUpdate>) => call(riskApi.productUpdate, q, { dataType: 'json' }),
    index: (q: InputOf<typeof riskApi.indexUpdate>) => call(riskApi.indexUpdate, q, { dataType: 'json' }),
  },
  spreadList: (q: InputOf<typeof riskApi.spreadList>) => call(riskApi.spreadList, q),
  spreadAdd: (q: InputOf<typeof riskApi.spreadAdd>) => call(riskApi.spreadAdd, q),
  spreadUpdate: (q: InputOf<typeof riskApi.spreadUpdate>) => call(riskApi.spreadUpdate, q),
  spreadDelete: (id: number) => call(riskApi.spreadDelete, { id }),
};
