import { defineDomain } from '../_kit/domain.js';
import { riskGuards } from './approval-guards.js';
import { riskRoutes } from './routes.js';
import { seedRisk } from './seed.js';

export default defineDomain({
  name: 'risk',
  routes: riskRoutes,
  guards: Object.values(riskGuards),
  // after the trading demo, whose orders are costed without these rules
  seed: { run: seedRisk, after: ['trading'] },
});
