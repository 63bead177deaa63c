import type { WithdrawItem } from '@stock-admin/contracts';
import type { BatchSubject } from '../../../shared/batch';
import { formatMoney } from '../../../shared/money';

/** A withdrawal request as a batch's result names it: its number, the user, the amount. */
export const withdrawSubject = (w: Pick<WithdrawItem, 'id' | 'orderNo' | 'phone' | 'realName' | 'amount'>): BatchSubject => ({
  id: w.id,
  ref: w.orderNo,
  who: w.realName ? `${w.realName} ${w.phone}` : w.phone,
  what: formatMoney(w.amount),
});

/** Only pending requests can be reviewed, alone or in a batch. */
export const isReviewable = (w: Pick<WithdrawItem, 'status'>) => w.status === 0;
