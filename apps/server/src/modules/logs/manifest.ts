import { defineDomain } from '../_kit/domain.js';
import { logsRoutes } from './routes.js';
import { seedLogs } from './seed.js';
import { defineJob } from '../../jobs/registry.js';
import { sealLeftovers } from '../../http/chain.js';

/** Operation-log rows whose process died between writing and sealing them join the chain a minute later. */
const auditSealJob = defineJob({
  key: 'audit-seal',
  name: { zh: '操作日志封链', en: 'Operation log sealing' },
  schedule: '@every 1m',
  run: async (ctx) => ({ sealed: await sealLeftovers(ctx.db) }),
});

export default defineDomain({
  name: 'logs',
  routes: logsRoutes,
  jobs: [auditSealJob],
  seed: { run: seedLogs, after: ['users'] },
});
