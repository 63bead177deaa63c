import { countsRoutes } from './routes.js';
import { defineDomain } from '../_kit/domain.js';

export default defineDomain({
  name: 'counts',
  routes: countsRoutes,
});
