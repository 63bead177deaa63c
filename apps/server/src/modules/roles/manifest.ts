import { defineDomain } from '../_kit/domain.js';
import { rolesRoutes } from './routes.js';

export default defineDomain({
  name: 'roles',
  tables: ['admin_roles', 'admin_role_permissions'],
  routes: rolesRoutes,
});
