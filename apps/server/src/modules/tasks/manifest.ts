import { defineDomain } from '../_kit/domain.js';
import { embeddedBackupJob } from '../../jobs/index.js';
import { tasksRoutes } from './routes.js';

export default defineDomain({
  name: 'tasks',
  routes: tasksRoutes,
  // the embedded database's own backup (PostgreSQL's is the operator's pg_basebackup and WAL archive)
  jobs: [embeddedBackupJob],
});
