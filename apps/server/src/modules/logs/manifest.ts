import { defineDomain } from '../_kit/domain.js';
import { logsGuards } from './approval-guards.js';
import { logsRoutes } from './routes.js';
import { seedLogs } from './seed.js';
import { defineJob } from '../../jobs/registry.js';
import { sealLeftovers } from '../../http/chain.js';
import { maintainLogPartitions, maintainOperationLog, retentionOf } from './retention.js';

/** Operation-log rows whose process died between writing and sealing them join the chain a minute later. */
const auditSealJob = defineJob({
  key: 'audit-seal',
  name: { zh: '操作日志封链', en: 'Operation log sealing' },
  schedule: '@every 1m',
  run: async (ctx) => ({ sealed: await sealLeftovers(ctx.db) }),
});

/** The partitioned logs' months: created three ahead, dropped past each log's retention (RETAIN_*_MONTHS); the
 * operation log's only as a prefix of its audit chain. */
const logPartitionsJob = defineJob({
  key: 'log-partitions',
  name: { zh: '日志分区维护', en: 'Log partitions' },
  schedule: '10 4 * * *',
  run: async (ctx) => ({
    ...(await maintainLogPartitions(ctx.db, retentionOf(ctx.config))),
    operation_log: await maintainOperationLog(ctx.db, ctx.config.RETAIN_OPERATION_LOG_MONTHS),
  }),
});

export default defineDomain({
  name: 'logs',
  routes: logsRoutes,
  guards: Object.values(logsGuards),
  jobs: [auditSealJob, logPartitionsJob],
  seed: { run: seedLogs, after: ['users'] },
});
