import { blocktradeCounters } from './counters.js';
import { blocktradeRoutes } from './routes.js';
import { blocktradeStockDeleteGuards } from './guards.js';
import { defineDomain } from '../_kit/domain.js';
import { seedBlocktrade } from './seed.js';

export default defineDomain({
  name: 'blocktrade',
  routes: blocktradeRoutes,
  counters: blocktradeCounters,
  stockDeleteGuards: blocktradeStockDeleteGuards,
  seed: { run: seedBlocktrade, after: ['users', 'funds', 'products', 'trading'] },
});
