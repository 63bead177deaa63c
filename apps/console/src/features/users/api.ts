import { usersApi, type InputOf } from '@stock-admin/contracts';
import { call, type CallOptions } from '../../lib/request';
import { act } from '../../shared/api/act';

/** Typed calls of 用户列表. */
export const userCalls = {
  list: (q: InputOf<typeof usersApi.list>) => call(usersApi.list, q),
  detail: (id: number, opts?: CallOptions) => call(usersApi.detail, { id }, opts),
  getBank: (userId: number) => call(usersApi.getBank, { userId }),
  addSimulatedAccount: (q: InputOf<typeof usersApi.addSimulatedAccount>) => act(usersApi.addSimulatedAccount, q),
  update: (q: InputOf<typeof usersApi.update>) => act(usersApi.update, q),
  addBank: (q: InputOf<typeof usersApi.addBank>) => act(usersApi.addBank, q),
  updateBank: (q: InputOf<typeof usersApi.updateBank>) => act(usersApi.updateBank, q),
  delBank: (id: number) => act(usersApi.delBank, { id }),
  /** Credit or debit: simulated accounts through virtualUpdateAmt.do, real ones through updateAmt.do. */
  adjust: (simulated: boolean, q: InputOf<typeof usersApi.updateAmt>) =>
    call(simulated ? usersApi.virtualUpdateAmt : usersApi.updateAmt, q),
  authByAdmin: (q: InputOf<typeof usersApi.authByAdmin>) => act(usersApi.authByAdmin, q),
  delete: (id: number) => act(usersApi.delete, { id }),
  kickOut: (id: number) => act(usersApi.kickOut, { id }),
  updateList: (q: InputOf<typeof usersApi.updateList>) => act(usersApi.updateList, q),
};
