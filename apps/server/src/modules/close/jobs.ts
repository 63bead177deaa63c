import { defineJob } from '../../jobs/registry.js';
import { closeDue } from './service.js';

/** Yesterday closes after midnight (and any day left open before it), once across the cluster. */
export const dailyCloseJob = defineJob({
  key: 'daily-close',
  name: { zh: '日结', en: 'Daily close' },
  schedule: '20 0 * * *',
  run: (ctx) => closeDue(ctx),
});
