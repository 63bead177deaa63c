import { defineDomain } from '../_kit/domain.js';
import { closeGuards } from './approval-guards.js';
import { dailyCloseJob } from './jobs.js';
import { closeRoutes } from './routes.js';
import { seedCloses } from './seed.js';

export default defineDomain({
  name: 'close',
  permissions: [{ key: 'dailyclose', name: { 'zh-CN': '日结', 'en-US': 'Daily close' } }],
  routes: closeRoutes,
  guards: Object.values(closeGuards),
  jobs: [dailyCloseJob],
  // last: it closes the history every other demo wrote
  seed: {
    run: seedCloses,
    after: [
      'users',
      'funds',
      'trading',
      'newshares',
      'blocktrade',
      'approvals',
      'agreements',
      'messages',
      'risk',
      'content',
      'logs',
      'corpactions',
    ],
  },
});
