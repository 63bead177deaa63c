import { TeamOutlined } from '@ant-design/icons';
import { lazyPage, type LazyPage } from '../../lib/chunk';
import type { SectionRoute } from '../../lib/routing';

// Route manifest of 管理设置 (issue 7; concatenated by app/routes.tsx). The registration pages are in
// app/userRoutes.tsx (the sign-in layout's small table).
const ManageList = lazyPage(() => import('./pages/ManageList'));
const RoleList = lazyPage(() => import('./pages/RoleList'));

export const adminsSection: SectionRoute<LazyPage> = {
  // managelist (spec), then the role editor next to it.
  path: '/managesettings',
  titleKey: 'admins.menu.managesettings',
  icon: <TeamOutlined />,
  children: [
    {
      path: '/managesettings/managelist',
      titleKey: 'admins.menu.managelist',
      permission: 'managelist',
      keepAlive: true,
      component: ManageList,
    },
    {
      path: '/managesettings/rolelist',
      titleKey: 'admins.menu.rolelist',
      permission: 'managelist',
      keepAlive: true,
      component: RoleList,
    },
  ],
};
