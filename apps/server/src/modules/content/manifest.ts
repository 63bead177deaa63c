import { contentRoutes } from './routes.js';
import { defineDomain } from '../_kit/domain.js';
import { seedContent } from './seed.js';

export default defineDomain({
  name: 'content',
  routes: contentRoutes,
  seed: { run: seedContent, after: ['newshares'] },
});
