import { defineDomain } from '../_kit/domain.js';
import { idempotencyCleanupJob, registrationCleanupJob, sessionCleanupJob } from './jobs.js';
import { sessionRoutes } from './routes.js';

export default defineDomain({
  name: 'session',
  alsoWrites: {
    idempotency_keys: "the route wrapper's table (http/tables.ts): the cleanup job drops keys past their 24-hour window",
    admins: 'sign-in keeps the failure count, lock and last sign-in on the admins row; cleanup drops lapsed requests',
    sms_codes: 'the session cleanup job drops day-old codes',
  },
  routes: sessionRoutes,
  jobs: [sessionCleanupJob, registrationCleanupJob, idempotencyCleanupJob],
});
