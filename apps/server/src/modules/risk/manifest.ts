import { defineDomain } from '../_kit/domain.js';
import { riskRoutes } from './routes.js';

export default defineDomain({
  name: 'risk',
  tables: ['risk_settings', 'spread_rules'],
  routes: riskRoutes,
});
