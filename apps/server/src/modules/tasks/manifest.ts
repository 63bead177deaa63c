import { defineDomain } from '../_kit/domain.js';
import { tasksRoutes } from './routes.js';

export default defineDomain({
  name: 'tasks',
  routes: tasksRoutes,
});
