import { defineDomain } from '../_kit/domain.js';
import { platformRoutes } from './routes.js';

export default defineDomain({
  name: 'platform',
  routes: platformRoutes,
});
