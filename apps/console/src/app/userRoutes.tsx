import { lazyPage, type LazyPage } from '../lib/chunk';
import type { PageRoute as Page } from '../lib/routing';

/**
 * Pages of the sign-in layout (no token needed, spec §2): login, register, register-result.
 * Kept apart from the shell's route table (app/routes.tsx) so that the first chunk — which needs only
 * these — does not carry the whole menu with its icons. Titles of pages other than the sign-in page may
 * use feature strings: UserLayout loads the full catalogue before rendering them.
 */
const Login = lazyPage(() => import('../features/session/pages/Login'));
const Register = lazyPage(() => import('../features/admins/pages/Register'));
const RegisterResult = lazyPage(() => import('../features/admins/pages/RegisterResult'));

export const userRoutes: Page<LazyPage>[] = [
  { path: '/user/login', titleKey: 'route.login', component: Login },
  { path: '/user/register', titleKey: 'admins.menu.register', component: Register },
  { path: '/user/register-result', titleKey: 'admins.menu.registerResult', component: RegisterResult },
];
