import { channelsApi, type InputOf } from '@stock-admin/contracts';
import { call, type CallOptions } from '../../lib/request';

/** Typed calls of the channel and layering screens. */
export const channelCalls = {
  list: (q: InputOf<typeof channelsApi.list>, opts?: CallOptions) => call(channelsApi.list, q, opts),
  add: (q: InputOf<typeof channelsApi.add>) => call(channelsApi.add, q),
  update: (q: InputOf<typeof channelsApi.update>) => call(channelsApi.update, q),
  delete: (id: number) => call(channelsApi.delete, { id }),
  updateWithdrawal: (id: number, withdrawable: boolean) => call(channelsApi.updateWithdrawal, { id, withdrawable }),
};

/** Layering screen calls (spec §7 Layering screen payloads). */
export const layeringCalls = {
  /** The list: pageNum and pageSize. Failures are reported by the screen (获取数据失败). */
  layering: (q: { pageNum: number; pageSize: number }) => call(channelsApi.layering, q, { silent: true }),
  layeringAdd: (q: InputOf<typeof channelsApi.layeringAdd>) => call(channelsApi.layeringAdd, q),
  layeringUpdate: (q: InputOf<typeof channelsApi.layeringUpdate>) => call(channelsApi.layeringUpdate, q),
  layeringDelete: (id: number) => call(channelsApi.layeringDelete, { id }),
  /** A tier's channels: layeringId. Failures: 获取渠道列表失败. */
  layeringChannels: (layeringId: number) => call(channelsApi.layeringChannels, { layeringId }, { silent: true }),
  /** The channel picker: pageSize 1000 (spec §9). */
  pickerChannels: () => call(channelsApi.list, { pageNum: 1, pageSize: 1000 }, { silent: true }),
  /** layeringId and channelIds comma-joined. */
  layeringChannelsAdd: (layeringId: number, channelIds: string) => call(channelsApi.layeringChannelsAdd, { layeringId, channelIds }),
  /** channelLayeringPidId. */
  layeringChannelDelete: (channelLayeringPidId: number) => call(channelsApi.layeringChannelDelete, { channelLayeringPidId }),
  /** layeringId. */
  layeringChannelsDeleteAll: (layeringId: number) => call(channelsApi.layeringChannelsDeleteAll, { layeringId }),
};
