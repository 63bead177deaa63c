import { channelsRoutes } from './routes.js';
import { defineDomain } from '../_kit/domain.js';
import { layeringRecomputeJob } from './jobs.js';

export default defineDomain({
  name: 'channels',
  routes: channelsRoutes,
  jobs: [layeringRecomputeJob],
});
