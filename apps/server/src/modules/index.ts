import type { Domain } from './_kit/domain.js';
import * as manifests from './manifests.js';
import { registerCounter } from './_kit/counters.js';
import { registerPermissionName } from './_kit/permission-names.js';
import { registerGuard } from './approvals/index.js';
import { registerJob } from '../jobs/registry.js';
import { registerStockDeleteGuard } from './products/stocks.js';
import { registerUserDeleteGuard } from './users/service.js';

/**
 * Every domain of the server, each declared in its own folder (`modules/<domain>/manifest.ts`: routes, tables, jobs,
 * counters, delete guards, demo data) and listed by one line in ./manifests.ts. Adding a domain is one folder and that
 * line (test/structure/add-domain.test.ts). The order (by name) is the order routes, jobs and guards are installed in;
 * demo data follows the seeds' `after`.
 */
export const DOMAINS: Domain[] = Object.values(manifests);

// What the manifests declare, installed once: when this module is first imported (by app.ts, or a test).
for (const d of DOMAINS) {
  for (const p of d.permissions ?? []) registerPermissionName(p.key, p.name);
  for (const job of d.jobs ?? []) registerJob(job);
  for (const [key, fn] of Object.entries(d.counters ?? {})) registerCounter(key, fn);
  for (const g of d.guards ?? []) registerGuard(g);
  for (const g of d.userDeleteGuards ?? []) registerUserDeleteGuard(g.reason, g.check);
  for (const g of d.stockDeleteGuards ?? []) registerStockDeleteGuard(g.reason, g.count);
}
