import { defineDomain } from '../_kit/domain.js';
import { seedMessages } from './seed.js';
import { messageSendsJob } from './jobs.js';
import { messagesRoutes } from './routes.js';

export default defineDomain({
  name: 'messages',
  tables: ['station_messages', 'station_message_recipients', 'msg_templates', 'message_sends', 'message_deliveries', 'user_devices'],
  routes: messagesRoutes,
  jobs: [messageSendsJob],
  seed: { run: seedMessages, after: ['users', 'agreements'] },
});
