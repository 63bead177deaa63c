import { blocktradeApi, type InputOf } from '@stock-admin/contracts';
import { call } from '../../lib/request';

type Q<E> = InputOf<E>;

/** Typed calls of 大宗交易 (products: permission `newshares`; requests: `financing`). Failures are shown by the request client. */
export const blocktradeCalls = {
  list: (q: Q<typeof blocktradeApi.list>) => call(blocktradeApi.list, q),
  add: (q: Q<typeof blocktradeApi.add>) => call(blocktradeApi.add, q),
  update: (q: Q<typeof blocktradeApi.update>) => call(blocktradeApi.update, q),
  del: (id: number) => call(blocktradeApi.del, { id }),
  updateShow: (id: number, shown: boolean) => call(blocktradeApi.updateShow, { id, shown }),
  updateLock: (id: number, locked: boolean, reason?: string) => call(blocktradeApi.updateLock, { id, locked, reason: reason || undefined }),
  requests: (q: Q<typeof blocktradeApi.requests>) => call(blocktradeApi.requests, q),
  approve: (id: number, shares?: number, price?: string) =>
    call(blocktradeApi.review, { id, approve: true, shares: shares || undefined, price: price || undefined }),
  reject: (id: number, reason: string) => call(blocktradeApi.review, { id, approve: false, reason }),
  batchReview: (ids: number[], approve: boolean, reason?: string) =>
    call(blocktradeApi.batchReview, { ids: ids.join(','), approve, reason: reason || undefined }),
};
