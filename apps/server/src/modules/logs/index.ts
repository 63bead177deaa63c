import { defineDomain } from '../_kit/domain.js';
import { logsRoutes } from './routes.js';

export default defineDomain({
  name: 'logs',
  routes: logsRoutes,
});
