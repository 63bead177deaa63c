import type { Db } from '../db/client.js';
import { agentChainOfUser } from '../modules/agents/service.js';
import type { AgentChainResolver } from './hub.js';

/** The agents above a user (own agent first, then its ancestors), from the agents domain. */
export function agentChainFromAgentsDomain(db: Db): AgentChainResolver {
  return (userId) => agentChainOfUser(db, userId);
}
