import { defineDomain } from '../_kit/domain.js';
import { newsharesGuards } from './approval-guards.js';
import { seedNewshares } from './seed.js';
import { newsharesJobs } from './jobs.js';
import { newsharesRoutes } from './routes.js';

export default defineDomain({
  name: 'newshares',
  routes: newsharesRoutes,
  guards: Object.values(newsharesGuards),
  jobs: newsharesJobs,
  seed: { run: seedNewshares, after: ['users', 'funds', 'products', 'trading'] },
});
