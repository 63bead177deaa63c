import { corpactionsApi, type InputOf } from '@stock-admin/contracts';
import { call, upload } from '../../lib/request';

/** Typed calls of 公司行动 (corporate actions, issue 62). */
export const corpCalls = {
  list: (q: InputOf<typeof corpactionsApi.list>) => call(corpactionsApi.list, q),
  add: (input: InputOf<typeof corpactionsApi.add>) => call(corpactionsApi.add, input),
  check: (file: File) => upload(corpactionsApi.importCheck, { file }),
  // rows of objects: JSON (a form body has no nesting)
  addBatch: (input: InputOf<typeof corpactionsApi.addBatch>) => call(corpactionsApi.addBatch, input, { dataType: 'json' }),
  cancel: (id: number, reason: string) => call(corpactionsApi.cancel, { id, reason }),
  runs: (q: InputOf<typeof corpactionsApi.runs>) => call(corpactionsApi.runs, q),
  run: (day: string) => call(corpactionsApi.run, { day }),
  adjustments: (q: InputOf<typeof corpactionsApi.adjustments>) => call(corpactionsApi.adjustments, q),
};
