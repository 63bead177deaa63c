import { defineDomain } from '../_kit/domain.js';
import { platformRoutes } from './routes.js';

export default defineDomain({
  name: 'platform',
  alsoWrites: {
    users: "the platform user's own profile, password and sign-in state",
  },
  routes: platformRoutes,
});
