import { contentRoutes } from './routes.js';
import { defineDomain } from '../_kit/domain.js';

export default defineDomain({
  name: 'content',
  routes: contentRoutes,
});
