import { eq } from 'drizzle-orm';
import { agentsApi } from '@stock-admin/contracts';
import { yuan } from '../_kit/guards.js';
import { defineGuard } from '../approvals/index.js';
import * as svc from './service.js';
import { registerMessages, t } from '../../app/i18n.js';
import { agents } from '../_kit/parties.js';

registerMessages({
  'approval.agent.credit': { 'zh-CN': '给代理 {agent} 加款 {amount}', 'en-US': 'Credit agent {agent} with {amount}' },
  'approval.agent.debit': { 'zh-CN': '给代理 {agent} 扣款 {amount}', 'en-US': 'Debit {amount} from agent {agent}' },
});

/** Dual control of an agent's balance (`balance`, as a user's): one pending adjustment per agent. */
export const agentsGuards = {
  updateAgentAmt: defineGuard({
    endpoint: agentsApi.updateAgentAmt,
    handler: async ({ ctx, input, admin, audit }) => {
      const r = await svc.adjustAgentBalance(ctx, admin, input);
      audit({ targetId: input.agentId, after: { direction: input.direction, amt: input.amt, balance: r.balance, recordId: r.recordId } });
      return r;
    },
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
};
