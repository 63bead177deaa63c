import type { AgentStatement } from '@stock-admin/contracts';
import { amount, type Sheet } from '../../shared/sheet';
import { kindLabel } from './kinds';

type T = (k: string, o?: Record<string, unknown>) => string;

/** An agent's statement as the rows of its CSV and workbook: the balance, its movements, commissions by fee, day and user. */
export function agentStatementSheet(s: AgentStatement, t: T, lang: string): Sheet {
  const c = s.commissions;
  return {
    name: `agent-${s.agentId}-${s.from}-${s.to}`,
    title: [t('close.agents.title', { name: s.name, from: s.from, to: s.to }), t('close.asOf', { time: s.asOf })],
    rows: [
      [t('close.agents.col.opening'), amount(s.opening)],
      [t('close.agents.col.commissions'), amount(c.total)],
      [t('close.agents.col.closing'), amount(s.closing)],
      [],
      [t('close.col.kind'), t('close.col.count'), t('close.col.amount')],
      ...s.movements.map((m) => [kindLabel(m.kind, lang, t), m.count, amount(m.amount)]),
      [],
      [t('close.agents.byKind'), t('close.col.count'), t('close.col.amount')],
      ...c.byKind.map((k) => [t(`close.agents.kind.${k.kind}`), k.count, amount(k.amount)]),
      [],
      [t('close.agents.byDay'), t('close.col.count'), t('close.col.amount')],
      ...c.byDay.map((d) => [d.day, d.count, amount(d.amount)]),
      [],
      [t('close.agents.byUser'), t('close.col.name'), t('close.agents.phone'), t('close.col.count'), t('close.col.amount')],
      ...c.byUser.map((u) => [u.userId, u.name, u.phone, u.count, amount(u.amount)]),
      ...(c.unattributed.count ? [[t('close.agents.unattributed'), '', '', c.unattributed.count, amount(c.unattributed.amount)]] : []),
    ],
  };
}
