import { defineDomain } from '../_kit/domain.js';
import { logsRoutes } from './routes.js';
import { seedLogs } from './seed.js';
import { defineJob } from '../../jobs/registry.js';
import { sealLeftovers } from '../../http/chain.js';
import { maintainLogPartitions, retentionOf } from './retention.js';

/** Operation-log rows whose process died between writing and sealing them join the chain a minute later. */
const auditSealJob = defineJob({
  key: 'audit-seal',
  name: { zh: '操作日志封链', en: 'Operation log sealing' },
  schedule: '@every 1m',
  run: async (ctx) => ({ sealed: await sealLeftovers(ctx.db) }),
});

/** The partitioned logs' months: created three ahead, dropped past each log's retention (RETAIN_*_MONTHS). */
const logPartitionsJob = defineJob({
  key: 'log-partitions',
  name: { zh: '日志分区维护', en: 'Log partitions' },
  schedule: '10 4 * * *',
  run: async (ctx) => maintainLogPartitions(ctx.db, retentionOf(ctx.config)),
});

export default defineDomain({
  name: 'logs',
  routes: logsRoutes,
  jobs: [auditSealJob, logPartitionsJob],
  seed: { run: seedLogs, after: ['users'] },
});
