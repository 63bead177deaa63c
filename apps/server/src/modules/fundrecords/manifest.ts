import { defineDomain } from '../_kit/domain.js';
import { fundRecordsRoutes } from './routes.js';

export default defineDomain({
  name: 'fundrecords',
  alsoWrites: {
    users: 'the ledger (ledger/) moves the balances of every posting, with its fund record, for every domain',
    agents: "the ledger moves an agent's balance with its fund record likewise",
  },
  routes: fundRecordsRoutes,
});
