import type { Domain } from './_kit/domain.js';
import { registerCounter } from './_kit/counters.js';
import { registerJob } from '../jobs/registry.js';
import { registerStockDeleteGuard } from './products/stocks.js';
import { registerUserDeleteGuard } from './users/service.js';
import session from './session/manifest.js';
import logs from './logs/manifest.js';
import channels from './channels/manifest.js';
import funds from './funds/manifest.js';
import counts from './counts/manifest.js';
import admins from './admins/manifest.js';
import roles from './roles/manifest.js';
import account from './account/manifest.js';
import tasks from './tasks/manifest.js';
import users from './users/manifest.js';
import agents from './agents/manifest.js';
import fundrecords from './fundrecords/manifest.js';
import platform from './platform/manifest.js';
import messages from './messages/manifest.js';
import products from './products/manifest.js';
import market from './market/manifest.js';
import risk from './risk/manifest.js';
import trading from './trading/manifest.js';
import blocktrade from './blocktrade/manifest.js';
import newshares from './newshares/manifest.js';
import dashboard from './dashboard/manifest.js';
import content from './content/manifest.js';
import agreements from './agreements/manifest.js';

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
