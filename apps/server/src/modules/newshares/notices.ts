import type { newshareIssues } from './tables.js';

/**
 * What a user is told by station message at each step of a subscription. Platform users read Chinese (the
 * platform's own language; the console's language is the operator's, not theirs). Texts that go to many users
 * at once (batch allotment) carry no per-user quantity: the user's record has it.
 */
export type SubNotice = 'allotted' | 'placed' | 'notAllotted' | 'forfeited' | 'converted';
type IssueFacts = Pick<typeof newshareIssues.$inferSelect, 'kind' | 'name' | 'code' | 'payDeadline'>;

export function subNotice(n: SubNotice, i: IssueFacts, qty?: number): { title: string; content: string } {
  const what = i.kind === 'bond' ? '新债' : '新股';
  const unit = i.kind === 'bond' ? '张' : '股';
  const it = `${i.name}（${i.code}）`;
  const q = qty != null ? ` ${qty} ${unit}` : '';
  switch (n) {
    case 'allotted':
      return { title: `${what}中签通知`, content: `您申购的${what}${it}已中签${q}，请于 ${i.payDeadline} 日终前缴款，逾期视为放弃。` };
    case 'placed':
      return { title: `${what}配售结果`, content: `您申购的${what}${it}已配售${q}，未配售部分的冻结资金已退回可用余额。` };
    case 'notAllotted':
      return { title: `${what}未中签`, content: `很遗憾，您申购的${what}${it}未中签，申购冻结的资金（如有）已退回。` };
    case 'forfeited':
      return { title: `${what}放弃认购`, content: `您中签的${what}${it}未在 ${i.payDeadline} 前缴款，已视为放弃认购。` };
    case 'converted':
      return { title: `${what}已转持仓`, content: `您的${what}${it}${q}已按发行价转入持仓。` };
  }
}
