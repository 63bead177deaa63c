import type { ListLayout } from '../../../shared/list/layout';

/** 提现列表: what an operator paying a withdrawal must see (issue 39): who, how much, where to, its state. */
export const WITHDRAWALS_LAYOUT: ListLayout = {
  id: 'withdrawals',
  must: ['phone', 'agentName', 'amount', 'fee', 'status', 'bankName', 'holderName', 'cardNo', 'createdAt'],
  card: { head: ['phone', 'status'], fields: ['amount', 'fee', 'bankName', 'holderName', 'cardNo', 'createdAt'] },
};

/** 充值列表: who paid how much through which channel, its state and the operators' note. */
export const DEPOSITS_LAYOUT: ListLayout = {
  id: 'deposits',
  must: ['phone', 'amount', 'channel', 'status', 'source', 'payerName', 'adminNote', 'createdAt'],
  card: { head: ['phone', 'status'], fields: ['amount', 'channel', 'source', 'payerName', 'createdAt'] },
};
