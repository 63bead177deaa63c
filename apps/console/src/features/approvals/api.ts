import { approvalsApi, type InputOf } from '@stock-admin/contracts';
import { call } from '../../lib/request';

/** Typed calls of 复核 (dual control): the queue, decisions and the rules. */
export const approvalCalls = {
  list: (q: InputOf<typeof approvalsApi.list>) => call(approvalsApi.list, q),
  detail: (id: number) => call(approvalsApi.detail, { id }),
  decide: (q: InputOf<typeof approvalsApi.decide>) => call(approvalsApi.decide, q),
  cancel: (id: number) => call(approvalsApi.cancel, { id }),
  rules: () => call(approvalsApi.ruleList),
  ruleUpdate: (q: InputOf<typeof approvalsApi.ruleUpdate>) => call(approvalsApi.ruleUpdate, q),
  pendingCount: () => call(approvalsApi.pendingCount, undefined, { silent: true }),
};
