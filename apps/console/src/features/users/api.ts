import { agentsApi, channelsApi, usersApi, type Endpoint, type InputOf } from '@stock-admin/contracts';
import { call, request, type CallOptions } from '../../lib/request';

/**
 * Runs a mutation and returns its data with the server's message (the success feedback shown to the
 * operator is the server's own text, in the console language). Failures were already shown by the client.
 */
export async function act<E extends Endpoint>(endpoint: E, input: InputOf<E>): Promise<{ data: unknown; msg: string }> {
  const env = await request(endpoint.path, { method: endpoint.method, data: input });
  return { data: env.data, msg: env.msg };
}

/** Typed calls of 用户列表. */
export const userCalls = {
  list: (q: InputOf<typeof usersApi.list>) => call(usersApi.list, q),
  detail: (id: number, opts?: CallOptions) => call(usersApi.detail, { id }, opts),
  banks: (userId: number) => call(usersApi.getBank, { userId }),
  add: (q: InputOf<typeof usersApi.addSimulatedAccount>) => act(usersApi.addSimulatedAccount, q),
  update: (q: InputOf<typeof usersApi.update>) => act(usersApi.update, q),
  addBank: (q: InputOf<typeof usersApi.addBank>) => act(usersApi.addBank, q),
  updateBank: (q: InputOf<typeof usersApi.updateBank>) => act(usersApi.updateBank, q),
  delBank: (id: number) => act(usersApi.delBank, { id }),
  /** Credit or debit: simulated accounts through virtualUpdateAmt.do, real ones through updateAmt.do. */
  adjust: (simulated: boolean, q: InputOf<typeof usersApi.updateAmt>) =>
    call(simulated ? usersApi.virtualUpdateAmt : usersApi.updateAmt, q),
  review: (q: InputOf<typeof usersApi.authByAdmin>) => act(usersApi.authByAdmin, q),
  remove: (id: number) => act(usersApi.delete, { id }),
  kickOut: (id: number) => act(usersApi.kickOut, { id }),
  updateList: (q: InputOf<typeof usersApi.updateList>) => act(usersApi.updateList, q),
};

/** Typed calls of 代理列表. */
export const agentCalls = {
  list: (q: InputOf<typeof agentsApi.list>, opts?: CallOptions) => call(agentsApi.list, q, opts),
  add: (q: InputOf<typeof agentsApi.add>) => act(agentsApi.add, q),
  update: (q: InputOf<typeof agentsApi.update>) => act(agentsApi.update, q),
  remove: (id: number) => act(agentsApi.delAgent, { id }),
  adjust: (q: InputOf<typeof agentsApi.updateAgentAmt>) => call(agentsApi.updateAgentAmt, q),
};

/** Pickers: agents by name, layering tiers (few; silent when the role may not read them). */
export const pickerCalls = {
  agents: (name: string | undefined) => call(agentsApi.list, { pageNum: 1, pageSize: 50, name: name || undefined }, { silent: true }),
  tiers: () => call(channelsApi.layering, { pageNum: 1, pageSize: 1000 }, { silent: true }),
};
