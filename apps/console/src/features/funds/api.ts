import { agentsApi, channelsApi, paySettingApi, rechargeApi, usersApi, withdrawApi, type InputOf } from '@stock-admin/contracts';
import { call, type CallOptions } from '../../lib/request';

/** Typed calls of the funds screens (deposits, withdrawals, pay settings) and their pickers. */
export const rechargeCalls = {
  list: (q: InputOf<typeof rechargeApi.list>) => call(rechargeApi.list, q),
  confirm: (q: InputOf<typeof rechargeApi.confirm>) => call(rechargeApi.confirm, q),
  reject: (q: InputOf<typeof rechargeApi.reject>) => call(rechargeApi.reject, q),
  create: (q: InputOf<typeof rechargeApi.create>) => call(rechargeApi.create, q),
  updateNote: (q: InputOf<typeof rechargeApi.updateNote>) => call(rechargeApi.updateNote, q),
};

export const withdrawCalls = {
  list: (q: InputOf<typeof withdrawApi.list>) => call(withdrawApi.list, q),
  updateState: (q: InputOf<typeof withdrawApi.updateState>) => call(withdrawApi.updateState, q),
  batch: (q: InputOf<typeof withdrawApi.batch>) => call(withdrawApi.batch, q),
};

export const paySettingCalls = {
  get: () => call(paySettingApi.get),
  update: (q: InputOf<typeof paySettingApi.update>) => call(paySettingApi.update, q),
};

/** Pickers: channels (all, or those usable for payouts), agents by name, real users by phone. */
export const pickerCalls = {
  channels: (opts?: CallOptions) => call(channelsApi.list, { pageNum: 1, pageSize: 1000 }, opts),
  payoutChannels: () => call(channelsApi.withdrawals, { pageNum: 1, pageSize: 1000 }),
  agents: (name: string | undefined) => call(agentsApi.list, { pageNum: 1, pageSize: 50, name: name || undefined }, { silent: true }),
  users: (phone: string | undefined) =>
    call(usersApi.list, { pageNum: 1, pageSize: 20, phone: phone || undefined, accountType: 0 }, { silent: true }),
};
