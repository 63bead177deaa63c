import { defineDomain } from '../_kit/domain.js';
import { usersCounters } from './counters.js';
import { usersRoutes } from './routes.js';

export default defineDomain({
  name: 'users',
  routes: usersRoutes,
  counters: usersCounters,
});
