import { registerMessages } from '../../../app/i18n.js';

registerMessages({
  ledger_insufficient: { 'zh-CN': '余额不足', 'en-US': 'Insufficient balance' },
  ledger_virtual_on_real: { 'zh-CN': '真实账户不能使用模拟资金操作', 'en-US': 'Simulated funds cannot be used on a real account' },
  user_not_found: { 'zh-CN': '用户不存在', 'en-US': 'User not found' },
  agent_not_found: { 'zh-CN': '代理不存在', 'en-US': 'Agent not found' },
});

registerMessages({
  'reason.user_not_found': { 'zh-CN': '用户不存在', 'en-US': 'is not a known user' },
  'reason.agent_not_found': { 'zh-CN': '代理不存在', 'en-US': 'is not a known agent' },
});
