import { agentStatementApi, channelsApi, closeApi, reconcileApi, type InputOf } from '@stock-admin/contracts';
import { call, upload } from '../../lib/request';
import { downloadExport } from '../../lib/download';

/** Typed calls of 日结 (the daily close, issue 50). */
export const closeCalls = {
  list: (q: InputOf<typeof closeApi.list>) => call(closeApi.list, q),
  detail: (day: string) => call(closeApi.detail, { day }),
  run: (day: string) => call(closeApi.run, { day }),
};

/** Typed calls of 对账 (reconciliation with the payment channels). */
export const reconcileCalls = {
  list: (q: InputOf<typeof reconcileApi.list>) => call(reconcileApi.list, q),
  detail: (channelId: number, day: string) => call(reconcileApi.detail, { channelId, day }),
  upload: (channelId: number, day: string, file: File) => upload(reconcileApi.upload, { channelId, day, file }),
  resolve: (id: number, note: string) => call(reconcileApi.resolve, { id, note }),
  reopen: (channelId: number, day: string, reason: string) => call(reconcileApi.reopen, { channelId, day, reason }),
  exportCsv: (channelId: number, day: string) =>
    downloadExport(reconcileApi.export, { channelId, day }, `reconcile-${channelId}-${day}.csv`),
  /** the channels to pick from (every one, the layering picker's way) */
  channels: async () => (await call(channelsApi.list, { pageNum: 1, pageSize: 1000 }, { silent: true })).list,
};

/** Typed calls of 代理对账单 (agent statements). */
export const agentStatementCalls = {
  list: (q: InputOf<typeof agentStatementApi.list>) => call(agentStatementApi.list, q),
  detail: (agentId: number, from: string, to: string) => call(agentStatementApi.detail, { agentId, from, to }),
};
