import { DashboardOutlined } from '@ant-design/icons';
import { lazyPage, type LazyPage } from '../../lib/chunk';
import type { SectionRoute } from '../../lib/routing';

// Route manifest of the dashboard (concatenated by app/routes.tsx).
const Workplace = lazyPage(() => import('./pages/Workplace'));
const Analysis = lazyPage(() => import('./pages/Analysis'));

export const dashboardSection: SectionRoute<LazyPage> = {
  path: '/dashboard',
  titleKey: 'route.dashboard',
  icon: <DashboardOutlined />,
  permission: 'dashboard',
  children: [
    { path: '/dashboard/workplace', titleKey: 'route.workplace', permission: 'dashboard', keepAlive: true, component: Workplace },
    { path: '/dashboard/analysis', titleKey: 'route.analysis', permission: 'analysis', keepAlive: true, component: Analysis },
  ],
};
