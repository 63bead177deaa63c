import { defineDomain } from '../_kit/domain.js';
import { seedProducts } from './seed.js';
import { productsRoutes } from './routes.js';

export default defineDomain({
  name: 'products',
  routes: productsRoutes,
  seed: { run: seedProducts },
});
