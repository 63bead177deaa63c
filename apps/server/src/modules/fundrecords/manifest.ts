import { defineDomain } from '../_kit/domain.js';
import { fundRecordsRoutes } from './routes.js';

export default defineDomain({
  name: 'fundrecords',
  tables: ['fund_records', 'fund_stats', 'fund_stats_day', 'fund_stats_all', 'fund_stats_hour'],
  routes: fundRecordsRoutes,
});
