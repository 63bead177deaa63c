import { OrderQueue } from '../components/OrderQueue';

/** 卖出列表 (/position/sellList, hidden from the menu): the sell review queue. */
export default function SellList() {
  return <OrderQueue kind="sell" />;
}
