import { paySettingApi, rechargeApi, withdrawApi, type InputOf } from '@stock-admin/contracts';
import { call } from '../../lib/request';

/** Typed calls of the funds screens (deposits, withdrawals, pay settings); their pickers are in shared/api/pickers.ts. */
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
