import { defineDomain } from '../_kit/domain.js';
import { seedMessages } from './seed.js';
import { messageSendsJob } from './jobs.js';
import { messagesRoutes } from './routes.js';

export default defineDomain({
  name: 'messages',
  routes: messagesRoutes,
  jobs: [messageSendsJob],
  seed: { run: seedMessages, after: ['users', 'agreements'] },
});
