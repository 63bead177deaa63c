import { defineDomain } from '../_kit/domain.js';
import { newsharesJobs } from './jobs.js';
import { newsharesRoutes } from './routes.js';

export default defineDomain({
  name: 'newshares',
  routes: newsharesRoutes,
  jobs: newsharesJobs,
});
