import { registerMessages } from '../../app/i18n.js';

registerMessages({
  'paysetting.saved': { 'zh-CN': '保存成功', 'en-US': 'Saved' },
  'reason.invalid_time': { 'zh-CN': '格式应为 HH:mm', 'en-US': 'must be a time as HH:mm' },
  'reason.invalid_time_window': { 'zh-CN': '必须晚于开始时间', 'en-US': 'must be later than the start time' },
  'reason.invalid_percent': {
    'zh-CN': '必须是 0 到 100 之间的百分比（最多四位小数）',
    'en-US': 'must be a percentage from 0 to 100 (at most 4 decimals)',
  },

  // deposits
  'recharge.confirmed': { 'zh-CN': '充值已确认', 'en-US': 'Deposit confirmed' },
  'recharge.rejected': { 'zh-CN': '充值已驳回', 'en-US': 'Deposit rejected' },
  'recharge.created': { 'zh-CN': '充值订单已创建', 'en-US': 'Deposit order created' },
  'recharge.note_saved': { 'zh-CN': '备注已保存', 'en-US': 'Note saved' },
  'recharge.submitted': { 'zh-CN': '充值订单已提交，请尽快付款', 'en-US': 'Deposit order submitted; please pay now' },
  'recharge.receipt_saved': { 'zh-CN': '付款凭证已上传', 'en-US': 'Payment receipt uploaded' },
  'recharge.cancelled': { 'zh-CN': '充值订单已取消', 'en-US': 'Deposit order cancelled' },
  'recharge.not_found': { 'zh-CN': '充值订单不存在', 'en-US': 'No such deposit order' },
  'recharge.not_pending_1': { 'zh-CN': '该订单已充值成功，不能再次处理', 'en-US': 'This deposit was already confirmed' },
  'recharge.not_pending_2': { 'zh-CN': '该订单已驳回，不能再次处理', 'en-US': 'This deposit was already rejected' },
  'recharge.not_pending_3': { 'zh-CN': '该订单已取消，不能再次处理', 'en-US': 'This deposit was already cancelled' },
  'recharge.real_name_required': { 'zh-CN': '请先完成实名认证', 'en-US': 'Complete real-name verification first' },
  'recharge.simulated_account': { 'zh-CN': '模拟账户不能充值', 'en-US': 'Simulated accounts cannot deposit' },
  'recharge.channel_not_allowed': { 'zh-CN': '该支付渠道不可用', 'en-US': 'This payment channel is not available to you' },
  'recharge.below_min': { 'zh-CN': '充值金额不能低于 {min}', 'en-US': 'The minimum deposit is {min}' },
  'recharge.above_max': { 'zh-CN': '充值金额不能高于 {max}', 'en-US': 'The maximum deposit on this channel is {max}' },
  'recharge.daily_cap': {
    'zh-CN': '该渠道今日额度已满，请选择其他渠道',
    'en-US': "This channel's daily limit is reached; choose another channel",
  },
  'recharge.too_many_open': {
    'zh-CN': '一小时内最多提交 {n} 笔待处理的充值订单，请先完成或取消',
    'en-US': {
      one: 'At most 1 pending deposit order may be opened per hour; pay or cancel it first',
      other: 'At most {n} pending deposit orders may be opened per hour; pay or cancel one first',
    },
    count: 'n',
  },
  'station.recharge_rejected.title': { 'zh-CN': '充值未通过', 'en-US': 'Deposit not accepted' },
  'station.recharge_rejected.body': {
    'zh-CN': '您的充值订单 {orderNo}（{amount} 元）未通过审核：{reason}',
    'en-US': 'Your deposit {orderNo} ({amount}) was not accepted: {reason}',
  },

  // withdrawals
  'withdraw.approved': { 'zh-CN': '已确认打款', 'en-US': 'Marked as paid' },
  'withdraw.rejected': { 'zh-CN': '提现已驳回，资金已退回', 'en-US': 'Withdrawal rejected and refunded' },
  'withdraw.batch_done': {
    'zh-CN': '批量处理完成：成功 {ok} 笔，失败 {failed} 笔',
    'en-US': 'Batch done: {ok} succeeded, {failed} failed',
  },
  'withdraw.submitted': { 'zh-CN': '提现申请已提交', 'en-US': 'Withdrawal requested' },
  'withdraw.cancelled': { 'zh-CN': '提现已取消，资金已退回', 'en-US': 'Withdrawal cancelled and refunded' },
  'withdraw.not_found': { 'zh-CN': '提现记录不存在', 'en-US': 'No such withdrawal' },
  'withdraw.not_pending_1': { 'zh-CN': '该提现已打款，不能再次处理', 'en-US': 'This withdrawal was already paid' },
  'withdraw.not_pending_2': { 'zh-CN': '该提现已驳回，不能再次处理', 'en-US': 'This withdrawal was already rejected' },
  'withdraw.not_pending_3': { 'zh-CN': '该提现已取消，不能再次处理', 'en-US': 'This withdrawal was already cancelled' },
  'withdraw.reason_required': { 'zh-CN': '请填写驳回原因', 'en-US': 'Give the reason for the rejection' },
  'withdraw.payout_channel_invalid': { 'zh-CN': '该渠道不能用于提现打款', 'en-US': 'This channel cannot be used for payouts' },
  'withdraw.outside_hours': { 'zh-CN': '提现时间为每日 {start} 至 {end}', 'en-US': 'Withdrawals are accepted from {start} to {end} daily' },
  'withdraw.real_name_required': { 'zh-CN': '请先完成实名认证', 'en-US': 'Complete real-name verification first' },
  'withdraw.simulated_account': { 'zh-CN': '模拟账户不能提现', 'en-US': 'Simulated accounts cannot withdraw' },
  'withdraw.account_locked': { 'zh-CN': '账户已被锁定，不能提现', 'en-US': 'This account is locked and cannot withdraw' },
  'withdraw.no_bank_card': { 'zh-CN': '请先绑定银行卡', 'en-US': 'Add a bank card first' },
  'withdraw.bank_not_found': { 'zh-CN': '银行卡不存在', 'en-US': 'No such bank card' },
  'withdraw.below_min': { 'zh-CN': '提现金额不能低于 {min}', 'en-US': 'The minimum withdrawal is {min}' },
  'withdraw.exceeds_free_cash': {
    'zh-CN': '提现金额不能超过可用资金 {available}',
    'en-US': 'The amount exceeds your free cash of {available}',
  },
  'withdraw.fee_exceeds_free_cash': {
    'zh-CN': '提现金额加手续费 {fee} 超过可用资金 {available}',
    'en-US': 'The amount plus the fee of {fee} exceeds your free cash of {available}',
  },
});
