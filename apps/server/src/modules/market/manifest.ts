import { defineDomain } from '../_kit/domain.js';
import { marketRoutes } from './routes.js';

export default defineDomain({
  name: 'market',
  tables: ['quotes'],
  routes: marketRoutes,
});
