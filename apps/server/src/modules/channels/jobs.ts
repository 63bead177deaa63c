import { defineJob } from '../../jobs/registry.js';
import { recomputeTiers } from './layering.js';

/** Places every unpinned user into the tier their deposit/withdrawal history earns (nightly). */
export const layeringRecomputeJob = defineJob({
  key: 'layering-recompute',
  name: { zh: '用户分层重算', en: 'Layering tier recompute' },
  schedule: '15 2 * * *',
  run: (ctx) => recomputeTiers(ctx),
});
