import { defineJob } from '../../jobs/registry.js';
import { runSends } from './send-worker.js';

/**
 * Message sends left by a restart, scheduled for later, or queued on another instance: the worker picks them up.
 * A request that queues a send also starts the worker in its own process at once (kickSends).
 */
export const messageSendsJob = defineJob({
  key: 'message-sends',
  name: { zh: '消息发送', en: 'Message sends' },
  schedule: '@every 30s',
  run: (ctx) => runSends(ctx),
});
