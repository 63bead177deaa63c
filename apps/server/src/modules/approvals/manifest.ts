import { defineDomain } from '../_kit/domain.js';
import { approvalsRoutes } from './routes.js';
import { approvalSweepJob } from './jobs.js';
import { seedApprovalsDemo } from './seed.js';

export default defineDomain({
  name: 'approvals',
  permissions: [{ key: 'approvals', name: { 'zh-CN': '复核', 'en-US': 'Approvals' } }],
  routes: approvalsRoutes,
  jobs: [approvalSweepJob],
  seed: { run: seedApprovalsDemo, after: ['users', 'funds'] },
});
