import { defineDomain } from '../_kit/domain.js';
import { fundsGuards } from './approval-guards.js';
import { seedFunds } from './seed.js';
import { fundsCounters } from './counters.js';
import { fundsRoutes } from './routes.js';
import { fundsUserDeleteGuards } from './guards.js';

export default defineDomain({
  name: 'funds',
  guards: Object.values(fundsGuards),
  routes: fundsRoutes,
  counters: fundsCounters,
  userDeleteGuards: fundsUserDeleteGuards,
  seed: { run: seedFunds, after: ['users'] },
});
