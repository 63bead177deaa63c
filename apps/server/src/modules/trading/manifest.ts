import { defineDomain } from '../_kit/domain.js';
import { tradingGuards } from './approval-guards.js';
import { seedTrading } from './seed.js';
import { tradingCounters } from './counters.js';
import { tradingJobs } from './jobs.js';
import { tradingRoutes } from './routes.js';
import { tradingStockDeleteGuards } from './guards.js';

export default defineDomain({
  name: 'trading',
  guards: Object.values(tradingGuards),
  routes: tradingRoutes,
  jobs: tradingJobs,
  counters: tradingCounters,
  stockDeleteGuards: tradingStockDeleteGuards,
  seed: { run: seedTrading, after: ['users', 'funds', 'products'] },
});
