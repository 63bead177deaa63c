import { eq } from 'drizzle-orm';
import { agentsApi } from '@stock-admin/contracts';
import { defineGuard, yuan } from '../_kit/guards.js';
import { registerMessages, t } from '../../app/i18n.js';
import { agents } from './tables.js';

registerMessages({
  'approval.agent.credit': { 'zh-CN': '给代理 {agent} 加款 {amount}', 'en-US': 'Credit agent {agent} with {amount}' },
  'approval.agent.debit': { 'zh-CN': '给代理 {agent} 扣款 {amount}', 'en-US': 'Debit {amount} from agent {agent}' },
});

export const agentsGuards = [
  defineGuard({
    endpoint: agentsApi.updateAgentAmt,
    target: (i) => `agent:${i.agentId}`,
    amount: async (_db, i) => i.amt,
    summary: async (db, i, lang) => {
      const [a] = await db.select({ name: agents.name }).from(agents).where(eq(agents.id, i.agentId));
      return t(lang, i.direction === 0 ? 'approval.agent.credit' : 'approval.agent.debit', {
        agent: `${a?.name ?? '?'} #${i.agentId}`,
        amount: yuan(i.amt),
      });
    },
  }),
];
