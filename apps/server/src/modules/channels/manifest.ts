import { channelsRoutes } from './routes.js';
import { defineDomain } from '../_kit/domain.js';
import { layeringRecomputeJob } from './jobs.js';

export default defineDomain({
  name: 'channels',
  alsoWrites: {
    users: "a user's layering tier (users.layering_id) is placed by the tier recompute and pinned by operators",
  },
  routes: channelsRoutes,
  jobs: [layeringRecomputeJob],
});
