import { lazyPage, type LazyPage } from '../../lib/chunk';
import type { PageRoute } from '../../lib/routing';

// Route manifest of the content screens: pages of the /allsetting section, which app/routes.tsx assembles.
const Announcements = lazyPage(() => import('./pages/Announcements'));
const Activities = lazyPage(() => import('./pages/Activities'));
const Banners = lazyPage(() => import('./pages/Banners'));

export const contentPages = {
  noticesetting: {
    path: '/allsetting/noticesetting',
    titleKey: 'content.menu.noticesetting',
    permission: 'allsetting',
    keepAlive: true,
    component: Announcements,
  },
  activesetting: {
    path: '/allsetting/activesetting',
    titleKey: 'content.menu.activesetting',
    permission: 'allsetting',
    hideInMenu: true,
    keepAlive: true,
    component: Activities,
  },
  bannersetting: {
    path: '/allsetting/bannersetting',
    titleKey: 'content.menu.bannersetting',
    permission: 'allsetting',
    keepAlive: true,
    component: Banners,
  },
} satisfies Record<string, PageRoute<LazyPage>>;
