import type { Db } from '../db/client.js';
import { agentChainsOfUsers } from '../modules/agents/service.js';
import type { AgentChainResolver } from './hub.js';

/** The agents above each user (own agent first, then its ancestors), from the agents domain. */
export function agentChainFromAgentsDomain(db: Db): AgentChainResolver {
  return (userIds) => agentChainsOfUsers(db, userIds);
}
