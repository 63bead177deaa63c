import { defineDomain } from '../_kit/domain.js';
import { fundRecordsRoutes } from './routes.js';

export default defineDomain({
  name: 'fundrecords',
  routes: fundRecordsRoutes,
});
