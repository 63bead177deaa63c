import { agreementsCounters } from './counters.js';
import { agreementsRoutes } from './routes.js';
import { defineDomain } from '../_kit/domain.js';

export default defineDomain({
  name: 'agreements',
  routes: agreementsRoutes,
  counters: agreementsCounters,
});
