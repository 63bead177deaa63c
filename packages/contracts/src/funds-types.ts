/**
 * Ledger record types (DESIGN §5 Ledger). Every balance change is a fund record of one of these
 * types. `direction`: the sign its `amount` must have ('in' > 0, 'out' < 0, 'any' either);
 * `owner`: whose balance it moves (an end user's, or an agent's).
 */
export const FUND_TYPES = [
  'recharge',
  'withdraw',
  'withdraw_refund',
  'withdraw_fee',
  'withdraw_fee_refund',
  'manual_credit',
  'manual_debit',
  'virtual_credit',
  'virtual_debit',
  'opening_balance',
  'buy_margin',
  'margin_add',
  'order_hold',
  'order_release',
  'sell_settlement',
  'fee',
  'deferral_fee',
  'dividend',
  'subscription_freeze',
  'subscription_release',
  'subscription_pay',
  'transfer_in',
  'transfer_out',
  'agent_credit',
  'agent_debit',
  'agent_commission',
] as const;
export type FundType = (typeof FUND_TYPES)[number];

export type FundDirection = 'in' | 'out' | 'any';

export interface FundTypeInfo {
  zh: string;
  en: string;
  direction: FundDirection;
  owner: 'user' | 'agent';
}

export const FUND_TYPE_INFO: Record<FundType, FundTypeInfo> = {
  recharge: { zh: '充值', en: 'Deposit', direction: 'in', owner: 'user' },
  withdraw: { zh: '提现', en: 'Withdrawal', direction: 'out', owner: 'user' },
  withdraw_refund: { zh: '提现退回', en: 'Withdrawal refund', direction: 'in', owner: 'user' },
  withdraw_fee: { zh: '提现手续费', en: 'Withdrawal fee', direction: 'out', owner: 'user' },
  withdraw_fee_refund: { zh: '提现手续费退回', en: 'Withdrawal fee refund', direction: 'in', owner: 'user' },
  manual_credit: { zh: '后台加款', en: 'Manual credit', direction: 'in', owner: 'user' },
  manual_debit: { zh: '后台扣款', en: 'Manual debit', direction: 'out', owner: 'user' },
  virtual_credit: { zh: '模拟账户加款', en: 'Simulated credit', direction: 'in', owner: 'user' },
  virtual_debit: { zh: '模拟账户扣款', en: 'Simulated debit', direction: 'out', owner: 'user' },
  opening_balance: { zh: '开户资金', en: 'Opening balance', direction: 'in', owner: 'user' },
  buy_margin: { zh: '买入保证金', en: 'Buy margin', direction: 'out', owner: 'user' },
  margin_add: { zh: '追加保证金', en: 'Margin top-up', direction: 'out', owner: 'user' },
  order_hold: { zh: '委托冻结', en: 'Order hold', direction: 'out', owner: 'user' },
  order_release: { zh: '委托解冻', en: 'Order release', direction: 'in', owner: 'user' },
  sell_settlement: { zh: '平仓结算', en: 'Sell settlement', direction: 'any', owner: 'user' },
  fee: { zh: '手续费', en: 'Fee', direction: 'out', owner: 'user' },
  deferral_fee: { zh: '递延费', en: 'Deferral fee', direction: 'out', owner: 'user' },
  // credited to a long, debited from a short (issue 62), from or into the position's margin: equity does not move
  dividend: { zh: '分红', en: 'Dividend', direction: 'any', owner: 'user' },
  subscription_freeze: { zh: '申购冻结', en: 'Subscription freeze', direction: 'out', owner: 'user' },
  subscription_release: { zh: '申购解冻', en: 'Subscription release', direction: 'in', owner: 'user' },
  subscription_pay: { zh: '中签缴款', en: 'Subscription payment', direction: 'out', owner: 'user' },
  transfer_in: { zh: '资金转入', en: 'Transfer in', direction: 'in', owner: 'user' },
  transfer_out: { zh: '资金转出', en: 'Transfer out', direction: 'out', owner: 'user' },
  agent_credit: { zh: '代理加款', en: 'Agent credit', direction: 'in', owner: 'agent' },
  agent_debit: { zh: '代理扣款', en: 'Agent debit', direction: 'out', owner: 'agent' },
  agent_commission: { zh: '代理佣金', en: 'Agent commission', direction: 'any', owner: 'agent' },
};

export const USER_FUND_TYPES = FUND_TYPES.filter((t) => FUND_TYPE_INFO[t].owner === 'user');
export const AGENT_FUND_TYPES = FUND_TYPES.filter((t) => FUND_TYPE_INFO[t].owner === 'agent');
/** The 资金互转 (fund transfer) screen lists these. */
export const TRANSFER_FUND_TYPES: FundType[] = ['transfer_in', 'transfer_out'];
