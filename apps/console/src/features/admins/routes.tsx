import { lazyPage, type LazyPage } from '../../lib/chunk';
import type { PageRoute } from '../../lib/routing';

// Route manifest of 管理列表 (a page of the /managesettings section, which app/routes.tsx assembles with the
// role editor of features/roles). The registration pages are in app/userRoutes.tsx (the sign-in layout's small table).
const ManageList = lazyPage(() => import('./pages/ManageList'));

export const adminsPages = {
  managelist: {
    path: '/managesettings/managelist',
    titleKey: 'admins.menu.managelist',
    permission: 'managelist',
    keepAlive: true,
    component: ManageList,
  },
} satisfies Record<string, PageRoute<LazyPage>>;
