import { defineDomain } from '../_kit/domain.js';
import { logsRoutes } from './routes.js';

export default defineDomain({
  name: 'logs',
  tables: ['operation_log', 'sms_log', 'push_log'],
  routes: logsRoutes,
});
