import { blocktradeCounters } from './counters.js';
import { blocktradeRoutes } from './routes.js';
import { blocktradeStockDeleteGuards } from './guards.js';
import { defineDomain } from '../_kit/domain.js';
import { seedBlocktrade } from './seed.js';

export default defineDomain({
  name: 'blocktrade',
  tables: ['block_products', 'block_requests', 'block_key_failures'],
  routes: blocktradeRoutes,
  counters: blocktradeCounters,
  stockDeleteGuards: blocktradeStockDeleteGuards,
  seed: { run: seedBlocktrade, after: ['users', 'funds', 'products', 'trading'] },
});
