import { SubscriptionRecords } from './SubscriptionRecords';

/** 新股申购记录 (/newshares/newsharesrecord). */
export default function NewShareRecords() {
  return <SubscriptionRecords kind="share" />;
}
