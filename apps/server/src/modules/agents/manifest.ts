import { agentsRoutes } from './routes.js';
import { defineDomain } from '../_kit/domain.js';
import { agentsGuards } from './approval-guards.js';

export default defineDomain({
  name: 'agents',
  guards: Object.values(agentsGuards),
  routes: agentsRoutes,
});
