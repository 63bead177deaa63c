import { defineDomain } from '../_kit/domain.js';
import { registrationCleanupJob, sessionCleanupJob } from './jobs.js';
import { sessionRoutes } from './routes.js';

export default defineDomain({
  name: 'session',
  tables: ['admin_sessions', 'login_log'],
  alsoWrites: {
    admins: 'sign-in keeps the failure count, lock and last sign-in on the admins row; cleanup drops lapsed requests',
    sms_codes: 'the session cleanup job drops day-old codes',
  },
  routes: sessionRoutes,
  jobs: [sessionCleanupJob, registrationCleanupJob],
});
