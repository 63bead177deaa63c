// THE order of the domains (issue 63), lowest first: a domain calls only domains below it — through their index.ts —
// so the money path reads bottom up from its imports: the ledger (fundrecords) under everything that moves money,
// trading over it, corporate actions over trading. Reading another domain's tables.ts points down too (a list joins
// users for the phone): the parties' tables that the lowest layers read — users, agents, admins, roles — are declared
// under every domain, in _kit/parties.ts. Held by eslint (eslint.config.js, zones from this list) and by
// test/structure/domain-order.test.ts, which reads the imports itself. A new domain takes its place here.
export const DOMAIN_ORDER = [
  // who is signed in, and dual control: every domain with a guarded endpoint sits above approvals, and defines its
  // guards (handler, target, amount) with approvals' defineGuard — the gate its route asks is in its own imports
  'session',
  'approvals',
  // foundations: they call only dual control and the ledger (the operation log's list reads the tasks' runs)
  'tasks',
  'logs',
  'market',
  'risk',
  'fundrecords',
  'channels',
  'counts',
  'close',
  // who: agents, staff, users
  'agents',
  'admins',
  'roles',
  'account',
  'users',
  'dashboard',
  'platform',
  // what they trade, and how positions live across days
  'products',
  'trading',
  'corpactions',
  'blocktrade',
  // what they are told and sign, and the money that comes and goes
  'content',
  'messages',
  'newshares',
  'agreements',
  'funds',
];
