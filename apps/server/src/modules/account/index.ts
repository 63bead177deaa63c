import { accountRoutes } from './routes.js';
import { defineDomain } from '../_kit/domain.js';

export default defineDomain({
  name: 'account',
  routes: accountRoutes,
});
