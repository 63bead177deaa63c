import { defineDomain } from '../_kit/domain.js';
import { rolesGuards } from './approval-guards.js';
import { rolesRoutes } from './routes.js';

export default defineDomain({
  name: 'roles',
  routes: rolesRoutes,
  guards: Object.values(rolesGuards),
});
