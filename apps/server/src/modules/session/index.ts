import { defineDomain } from '../_kit/domain.js';
import { registrationCleanupJob, sessionCleanupJob } from './jobs.js';
import { sessionRoutes } from './routes.js';

export default defineDomain({
  name: 'session',
  routes: sessionRoutes,
  jobs: [sessionCleanupJob, registrationCleanupJob],
});
