import { CheckCircleOutlined, WarningOutlined } from '@ant-design/icons';
import { lazyPage, type LazyPage } from '../../lib/chunk';
import type { RouteEntry } from '../../lib/routing';

// Route manifest of the demo exception and result pages and of the guards' targets (concatenated by app/routes.tsx).
// The template's sections are routes, not operators' work: out of the menu (issue 39), still opened by link and by the
// shell (the guards' 403 and 404).
const Exception = lazyPage(() => import('./pages/Exception'));
const ResultPage = lazyPage(() => import('./pages/ResultPage'));

export const exceptionRoutes: RouteEntry<LazyPage>[] = [
  {
    path: '/exception',
    titleKey: 'route.exception',
    icon: <WarningOutlined />,
    demo: true,
    hideInMenu: true,
    children: [
      { path: '/exception/403', titleKey: 'route.e403', component: Exception },
      { path: '/exception/404', titleKey: 'route.e404', component: Exception },
      { path: '/exception/500', titleKey: 'route.e500', component: Exception },
    ],
  },
  {
    path: '/result',
    titleKey: 'route.result',
    icon: <CheckCircleOutlined />,
    demo: true,
    hideInMenu: true,
    children: [
      { path: '/result/success', titleKey: 'route.success', component: ResultPage },
      { path: '/result/fail', titleKey: 'route.fail', component: ResultPage },
    ],
  },
  // Targets of the guards: not-found (spec §2) and not-granted.
  { path: '/404', titleKey: 'route.e404', hideInMenu: true, transient: true, component: Exception },
  { path: '/403', titleKey: 'route.e403', hideInMenu: true, transient: true, component: Exception },
];
