import { riskApi, tradingApi, type InputOf } from '@stock-admin/contracts';
import { call } from '../../lib/request';

type Q<E> = InputOf<E>;

/** Typed calls of 持仓管理 (spec §2 /position, permission `financing`). Failures are shown by the request client. */
export const tradingCalls = {
  positions: (q: Q<typeof tradingApi.positions>) => call(tradingApi.positions, q),
  createdList: (q: Q<typeof tradingApi.createdList>) => call(tradingApi.createdList, q),
  warnings: () => call(tradingApi.warnings),
  forceClose: (id: number, reason: string) => call(tradingApi.forceClose, { id, reason }),
  lock: (id: number, locked: boolean, reason?: string) => call(tradingApi.lock, { id, locked, reason: reason || undefined }),
  create: (q: Q<typeof tradingApi.create>) => call(tradingApi.create, q),
  buyList: (q: Q<typeof tradingApi.buyList>) => call(tradingApi.buyList, q),
  sellList: (q: Q<typeof tradingApi.sellList>) => call(tradingApi.sellList, q),
  orderList: (q: Q<typeof tradingApi.orderList>) => call(tradingApi.orderList, q),
  orderDetail: (id: number) => call(tradingApi.orderDetail, { id }),
  approve: (id: number, fillPrice?: string) => call(tradingApi.review, { id, approve: true, fillPrice: fillPrice || undefined }),
  reject: (id: number, reason: string) => call(tradingApi.review, { id, approve: false, reason }),
  batchReview: (ids: number[], approve: boolean, reason?: string) =>
    call(tradingApi.batchReview, { ids: ids.join(','), approve, reason: reason || undefined }),
};

/** What the create form reads from other domains: the stock risk settings (fees, leverages); the stock picker's call is in shared/api/pickers.ts. */
export const createFormCalls = {
  /** Stock risk settings (needs `risksetting` query; silent: the preview then says the rules are unknown). */
  stockGet: () => call(riskApi.stockGet, undefined, { silent: true }),
};
