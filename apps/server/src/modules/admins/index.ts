import { adminsRoutes } from './routes.js';
import { defineDomain } from '../_kit/domain.js';

export default defineDomain({
  name: 'admins',
  routes: adminsRoutes,
});
