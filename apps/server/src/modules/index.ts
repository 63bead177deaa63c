import type { Domain } from './_kit/domain.js';
import { registerCounter } from './counts/registry.js';
import { registerJob } from '../jobs/registry.js';
import { registerStockDeleteGuard } from './products/stocks.js';
import { registerUserDeleteGuard } from './users/service.js';
import session from './session/index.js';
import logs from './logs/index.js';
import channels from './channels/index.js';
import funds from './funds/index.js';
import counts from './counts/index.js';
import admins from './admins/index.js';
import roles from './roles/index.js';
import account from './account/index.js';
import tasks from './tasks/index.js';
import users from './users/index.js';
import agents from './agents/index.js';
import fundrecords from './fundrecords/index.js';
import platform from './platform/index.js';
import messages from './messages/index.js';
import products from './products/index.js';
import market from './market/index.js';
import risk from './risk/index.js';
import trading from './trading/index.js';
import blocktrade from './blocktrade/index.js';
import newshares from './newshares/index.js';
import dashboard from './dashboard/index.js';
import content from './content/index.js';
import agreements from './agreements/index.js';

/**
 * Every domain of the server, each declared in its own folder (`modules/<domain>/index.ts`: routes, jobs,
 * counters, delete guards). Adding a domain is one folder and one line here. The order is the order in
 * which routes are registered.
 */
export const DOMAINS: Domain[] = [
  session,
  logs,
  channels,
  funds,
  counts,
  admins,
  roles,
  account,
  tasks,
  users,
  agents,
  fundrecords,
  platform,
  messages,
  products,
  market,
  risk,
  trading,
  blocktrade,
  newshares,
  dashboard,
  content,
  agreements,
];

// What the manifests declare, installed once: when this module is first imported (by app.ts, or a test).
for (const d of DOMAINS) {
  for (const job of d.jobs ?? []) registerJob(job);
  for (const [key, fn] of Object.entries(d.counters ?? {})) registerCounter(key, fn);
  for (const g of d.userDeleteGuards ?? []) registerUserDeleteGuard(g.reason, g.check);
  for (const g of d.stockDeleteGuards ?? []) registerStockDeleteGuard(g.reason, g.count);
}
