import { adminsRoutes } from './routes.js';
import { defineDomain } from '../_kit/domain.js';
import { adminsGuards } from './approval-guards.js';

export default defineDomain({
  name: 'admins',
  alsoWrites: {
    admin_roles: 'an approved registration creates its agent role in the same transaction as the account',
    admin_role_permissions: 'the same: the new role gets the agent grants',
  },
  routes: adminsRoutes,
  guards: Object.values(adminsGuards),
});
