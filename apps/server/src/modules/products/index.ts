import { defineDomain } from '../_kit/domain.js';
import { productsRoutes } from './routes.js';

export default defineDomain({
  name: 'products',
  routes: productsRoutes,
});
