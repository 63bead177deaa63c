import { defineDomain } from '../_kit/domain.js';
import { rolesRoutes } from './routes.js';

export default defineDomain({
  name: 'roles',
  routes: rolesRoutes,
});
