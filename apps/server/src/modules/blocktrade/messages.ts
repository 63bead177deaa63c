import { registerMessages } from '../../app/i18n.js';

registerMessages({
  'block.not_found': { 'zh-CN': '大宗交易不存在', 'en-US': 'No such block trade' },
  'block.closed': { 'zh-CN': '该大宗交易不在认购时间内', 'en-US': 'This block trade is not open for requests now' },
  'block.locked': { 'zh-CN': '该大宗交易已暂停', 'en-US': 'This block trade is suspended' },
  'block.wrong_key': {
    'zh-CN': '交易密钥错误，本小时还可尝试 {left} 次',
    'en-US': { one: 'Wrong trade key; 1 more attempt this hour', other: 'Wrong trade key; {left} more attempts this hour' },
    count: 'left',
  },
  'block.key_attempts': {
    'zh-CN': '交易密钥错误次数过多，请一小时后再试',
    'en-US': 'Too many wrong trade keys; try again in an hour',
  },
  'block.shares_range': {
    'zh-CN': '认购数量须在 {min} 至 {max} 股之间',
    'en-US': 'The quantity must be between {min} and {max} shares',
  },
  'block.not_enough_left': {
    'zh-CN': '剩余可认购数量不足，仅剩 {left} 股',
    'en-US': { one: 'Not enough left: only 1 share', other: 'Not enough left: only {left} shares' },
    count: 'left',
  },
  'block.insufficient': { 'zh-CN': '可用资金不足，需要 {need} 元', 'en-US': 'Not enough free cash: {need} needed' },
  'block.no_price': { 'zh-CN': '暂无该股票的实时行情，请稍后再试', 'en-US': 'No current quote for this stock; try again shortly' },
  'block.request_not_found': { 'zh-CN': '大宗交易申请不存在', 'en-US': 'No such block-trade request' },
  'block.request_not_pending': {
    'zh-CN': '该申请已处理（当前状态：{status}）',
    'en-US': 'This request was already handled (now: {status})',
  },
  'block.status.pending': { 'zh-CN': '待审核', 'en-US': 'pending' },
  'block.status.approved': { 'zh-CN': '已通过', 'en-US': 'approved' },
  'block.status.rejected': { 'zh-CN': '已拒绝', 'en-US': 'rejected' },
  'block.status.cancelled': { 'zh-CN': '已撤销', 'en-US': 'cancelled' },
  'block.shares_above_request': {
    'zh-CN': '批准数量不能超过申请数量 {shares} 股',
    'en-US': {
      one: 'The approved quantity cannot exceed the 1 share requested',
      other: 'The approved quantity cannot exceed the {shares} shares requested',
    },
    count: 'shares',
  },
  'block.has_pending': {
    'zh-CN': '该大宗交易还有 {n} 笔待审核申请，不能删除',
    'en-US': {
      one: 'This block trade has 1 pending request and cannot be deleted',
      other: 'This block trade has {n} pending requests and cannot be deleted',
    },
    count: 'n',
  },
  'block.has_requests': {
    'zh-CN': '该大宗交易已有认购记录，不能删除，可隐藏或锁定',
    'en-US': 'This block trade has requests; hide or lock it instead of deleting it',
  },
  'block.total_below_sold': {
    'zh-CN': '总数量不能少于已成交的 {sold} 股',
    'en-US': 'The total cannot be less than the {sold} shares already sold',
  },
  'block.reason_required': { 'zh-CN': '请填写拒绝原因', 'en-US': 'Enter a reason for the rejection' },
  'block.requested': { 'zh-CN': '大宗交易申请已提交，等待审核', 'en-US': 'Block-trade request submitted for review' },
  'block.cancelled': { 'zh-CN': '大宗交易申请已撤销', 'en-US': 'Block-trade request cancelled' },
  'block.approved': { 'zh-CN': '已批准，持仓已建立', 'en-US': 'Approved: the position is open' },
  'block.rejected': { 'zh-CN': '已拒绝，冻结资金已退回', 'en-US': 'Rejected: the held money is back in free cash' },
  'block.batch_done': { 'zh-CN': '处理完成：成功 {ok} 笔，失败 {failed} 笔', 'en-US': 'Done: {ok} succeeded, {failed} failed' },
  'block.added': { 'zh-CN': '大宗交易已添加', 'en-US': 'Block trade added' },
  'block.updated': { 'zh-CN': '大宗交易已更新', 'en-US': 'Block trade updated' },
  'block.deleted': { 'zh-CN': '大宗交易已删除', 'en-US': 'Block trade deleted' },
  'block.shown': { 'zh-CN': '已显示', 'en-US': 'Shown' },
  'block.hidden': { 'zh-CN': '已隐藏', 'en-US': 'Hidden' },
  'block.lock_done': { 'zh-CN': '已锁定', 'en-US': 'Locked' },
  'block.unlock_done': { 'zh-CN': '已解锁', 'en-US': 'Unlocked' },
  'reason.invalid_discount': { 'zh-CN': '须为大于 0 且不超过 1.5 的折扣系数', 'en-US': 'must be a multiplier above 0 and at most 1.5' },
  'reason.invalid_block_max': { 'zh-CN': '不能小于最小认购数量', 'en-US': 'cannot be less than the minimum quantity' },
  'reason.invalid_block_total': { 'zh-CN': '不能小于最小认购数量', 'en-US': 'cannot be less than the minimum quantity' },
  'reason.invalid_block_window': { 'zh-CN': '须晚于开始时间', 'en-US': 'must be after the start' },
  'reason.block_products': { 'zh-CN': '大宗交易产品', 'en-US': 'block-trade products' },
});
