import { defineDomain } from '../_kit/domain.js';
import { usersGuards } from './approval-guards.js';
import { DEMO_AGENT_LOGIN, seedUsersDemo } from './seed.js';
import { usersCounters } from './counters.js';
import { usersRoutes } from './routes.js';

export default defineDomain({
  name: 'users',
  guards: Object.values(usersGuards),
  alsoWrites: {
    fund_records: 'demo data only (seed.ts): spreads the seeded records over past days',
  },
  routes: usersRoutes,
  counters: usersCounters,
  seed: {
    run: async (ctx) => {
      await seedUsersDemo(ctx);
      return [{ ...DEMO_AGENT_LOGIN }];
    },
  },
});
