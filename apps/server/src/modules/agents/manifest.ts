import { agentsRoutes } from './routes.js';
import { defineDomain } from '../_kit/domain.js';

export default defineDomain({
  name: 'agents',
  routes: agentsRoutes,
});
