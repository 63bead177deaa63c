import { defineDomain } from '../_kit/domain.js';
import { tasksRoutes } from './routes.js';

export default defineDomain({
  name: 'tasks',
  tables: ['scheduled_tasks', 'scheduled_task_runs'],
  routes: tasksRoutes,
});
