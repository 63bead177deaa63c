import { agreementsCounters } from './counters.js';
import { agreementsRoutes } from './routes.js';
import { defineDomain } from '../_kit/domain.js';
import { seedAgreements } from './seed.js';

export default defineDomain({
  name: 'agreements',
  tables: ['agreement_templates', 'agreement_template_versions', 'user_agreements'],
  routes: agreementsRoutes,
  counters: agreementsCounters,
  seed: { run: seedAgreements, after: ['users', 'content'] },
});
