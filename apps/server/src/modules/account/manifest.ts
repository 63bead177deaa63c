import { accountRoutes } from './routes.js';
import { defineDomain } from '../_kit/domain.js';

export default defineDomain({
  name: 'account',
  alsoWrites: {
    admins: "the signed-in admin's own profile, password and authenticator (个人设置) on the admins row",
  },
  routes: accountRoutes,
});
