import { defineDomain } from '../_kit/domain.js';
import { logsRoutes } from './routes.js';
import { seedLogs } from './seed.js';

export default defineDomain({
  name: 'logs',
  tables: ['operation_log', 'sms_log', 'push_log'],
  routes: logsRoutes,
  seed: { run: seedLogs, after: ['users'] },
});
