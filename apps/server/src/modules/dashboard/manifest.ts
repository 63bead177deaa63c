import { dashboardRoutes } from './routes.js';
import { defineDomain } from '../_kit/domain.js';

export default defineDomain({
  name: 'dashboard',
  routes: dashboardRoutes,
});
