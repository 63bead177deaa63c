import { defineDomain } from '../_kit/domain.js';
import { riskRoutes } from './routes.js';
import { seedRisk } from './seed.js';

export default defineDomain({
  name: 'risk',
  routes: riskRoutes,
  // after the trading demo, whose orders are costed without these rules
  seed: { run: seedRisk, after: ['trading'] },
});
