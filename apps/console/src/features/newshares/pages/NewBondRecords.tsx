import { SubscriptionRecords } from './SubscriptionRecords';

/** 新债申购记录 (/newshares/newzhairecord). */
export default function NewBondRecords() {
  return <SubscriptionRecords kind="bond" />;
}
