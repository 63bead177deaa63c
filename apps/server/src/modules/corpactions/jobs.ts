import { defineJob } from '../../jobs/registry.js';
import { runDue } from './run.js';

/**
 * Actions whose ex-date came are applied within a minute of their stock's quote going ex (at the exchange's roll,
 * 09:15, or midnight on the demo's continuous session), once across the cluster; a minute with nothing due writes nothing.
 */
export const corpActionsJob = defineJob({
  key: 'corp-actions',
  name: { zh: '除权除息', en: 'Corporate actions (ex-date)' },
  schedule: '@every 1m',
  run: (ctx) => runDue(ctx),
});
