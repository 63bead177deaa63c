import Positions from './Positions';

/** 创建持仓记录 (/position/createList, hidden from the menu): the positions operators created. */
export default function CreatedList() {
  return <Positions source="admin" />;
}
