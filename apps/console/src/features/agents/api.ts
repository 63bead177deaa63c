import { agentsApi, type InputOf } from '@stock-admin/contracts';
import { call, type CallOptions } from '../../lib/request';
import { act } from '../../shared/api/act';

/** Typed calls of 代理列表. */
export const agentCalls = {
  list: (q: InputOf<typeof agentsApi.list>, opts?: CallOptions) => call(agentsApi.list, q, opts),
  add: (q: InputOf<typeof agentsApi.add>) => act(agentsApi.add, q),
  update: (q: InputOf<typeof agentsApi.update>) => act(agentsApi.update, q),
  delAgent: (id: number) => act(agentsApi.delAgent, { id }),
  updateAgentAmt: (q: InputOf<typeof agentsApi.updateAgentAmt>) => call(agentsApi.updateAgentAmt, q),
};
