import { agreementsCounters } from './counters.js';
import { agreementsRoutes } from './routes.js';
import { defineDomain } from '../_kit/domain.js';
import { seedAgreements } from './seed.js';

export default defineDomain({
  name: 'agreements',
  routes: agreementsRoutes,
  counters: agreementsCounters,
  seed: { run: seedAgreements, after: ['users', 'content'] },
});
