import { defineDomain } from '../_kit/domain.js';
import { logsRoutes } from './routes.js';
import { seedLogs } from './seed.js';

export default defineDomain({
  name: 'logs',
  routes: logsRoutes,
  seed: { run: seedLogs, after: ['users'] },
});
