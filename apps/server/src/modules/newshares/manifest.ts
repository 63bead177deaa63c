import { defineDomain } from '../_kit/domain.js';
import { seedNewshares } from './seed.js';
import { newsharesJobs } from './jobs.js';
import { newsharesRoutes } from './routes.js';

export default defineDomain({
  name: 'newshares',
  routes: newsharesRoutes,
  jobs: newsharesJobs,
  seed: { run: seedNewshares, after: ['users', 'funds', 'products', 'trading'] },
});
