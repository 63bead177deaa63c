import { defineDomain } from '../_kit/domain.js';
import { corpactionsGuards } from './approval-guards.js';
import { corpActionsJob } from './jobs.js';
import { corpactionsRoutes } from './routes.js';
import { seedCorpActions } from './seed.js';

export default defineDomain({
  name: 'corpactions',
  permissions: [{ key: 'corpactions', name: { 'zh-CN': '公司行动', 'en-US': 'Corporate actions' } }],
  routes: corpactionsRoutes,
  guards: Object.values(corpactionsGuards),
  jobs: [corpActionsJob],
  seed: { run: seedCorpActions, after: ['products', 'trading', 'approvals'] },
});
