import { OrderQueue } from '../components/OrderQueue';

/** 买入列表 (/position/buyList): the buy review queue; header badge 19 opens it. */
export default function BuyList() {
  return <OrderQueue kind="buy" />;
}
