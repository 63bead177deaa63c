import { lazyPage, type LazyPage } from '../../lib/chunk';
import type { PageRoute } from '../../lib/routing';

// Route manifest of 角色管理 (a page of the /managesettings section, which app/routes.tsx assembles).
const RoleList = lazyPage(() => import('./pages/RoleList'));

export const rolesPages = {
  rolelist: {
    path: '/managesettings/rolelist',
    titleKey: 'roles.menu.rolelist',
    permission: 'managelist',
    keepAlive: true,
    component: RoleList,
  },
} satisfies Record<string, PageRoute<LazyPage>>;
