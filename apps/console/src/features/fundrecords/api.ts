import { fundRecordsApi, type InputOf } from '@stock-admin/contracts';
import { call } from '../../lib/request';

/** 资金记录 / 资金互转记录. */
export const fundRecordCalls = {
  list: (q: InputOf<typeof fundRecordsApi.list>) => call(fundRecordsApi.list, q),
  transferList: (q: InputOf<typeof fundRecordsApi.transferList>) => call(fundRecordsApi.transferList, q),
};
