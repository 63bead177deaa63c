import { defineDomain } from '../_kit/domain.js';
import { marketRoutes } from './routes.js';

export default defineDomain({
  name: 'market',
  routes: marketRoutes,
});
