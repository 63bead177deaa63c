import { defineDomain } from '../_kit/domain.js';
import { idempotencyCleanupJob, registrationCleanupJob, sessionCleanupJob } from './jobs.js';
import { sessionRoutes } from './routes.js';

export default defineDomain({
  name: 'session',
  // idempotency_keys: a signed-in principal's keys, claimed and answered by http/idempotency.ts for every POST
  tables: ['admin_sessions', 'login_log', 'idempotency_keys'],
  alsoWrites: {
    admins: 'sign-in keeps the failure count, lock and last sign-in on the admins row; cleanup drops lapsed requests',
    sms_codes: 'the session cleanup job drops day-old codes',
  },
  routes: sessionRoutes,
  jobs: [sessionCleanupJob, registrationCleanupJob, idempotencyCleanupJob],
});
