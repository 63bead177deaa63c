import { closeApi, type InputOf } from '@stock-admin/contracts';
import { call } from '../../lib/request';

/** Typed calls of 日结 (the daily close, issue 50). */
export const closeCalls = {
  list: (q: InputOf<typeof closeApi.list>) => call(closeApi.list, q),
  detail: (day: string) => call(closeApi.detail, { day }),
  run: (day: string) => call(closeApi.run, { day }),
};
