import { lazyPage, type LazyPage } from '../../lib/chunk';
import type { PageRoute } from '../../lib/routing';

// Route manifest of 用户列表 (a page of the /userlist section, which app/routes.tsx assembles).
const UserList = lazyPage(() => import('./pages/UserList'));

export const usersPages = {
  index: { path: '/userlist/index', titleKey: 'users.menu.index', permission: 'userlist', keepAlive: true, component: UserList },
} satisfies Record<string, PageRoute<LazyPage>>;
