// The agents domain's public entry: what other domains may use of it (eslint holds every other file private).
export { addAgent, agentByInviteCode, agentChainsOfUsers, agentScope, assertAgentInScope, isAgentStaff } from './service.js';
