import { lazyPage, type LazyPage } from '../../lib/chunk';
import type { PageRoute } from '../../lib/routing';

// Route manifest of 个人中心's settings pages (issue 7): pages of the /account section, which app/routes.tsx assembles.
const SettingsNormal = lazyPage(() => import('./pages/SettingsNormal'));
const SettingsBasic = lazyPage(() => import('./pages/SettingsBasic'));
const SettingsSecurity = lazyPage(() => import('./pages/SettingsSecurity'));
const SettingsCustom = lazyPage(() => import('./pages/SettingsCustom'));
const SettingsIosPush = lazyPage(() => import('./pages/SettingsIosPush'));

export const accountPages = {
  normal: { path: '/account/settings/normal', titleKey: 'account.menu.normal', permission: 'user', component: SettingsNormal },
  basic: { path: '/account/settings/basic', titleKey: 'account.menu.basic', permission: 'user', component: SettingsBasic },
  security: { path: '/account/settings/security', titleKey: 'account.menu.security', permission: 'user', component: SettingsSecurity },
  custom: { path: '/account/settings/custom', titleKey: 'account.menu.custom', permission: 'user', component: SettingsCustom },
  iosPush: {
    path: '/account/settings/iosPush',
    titleKey: 'account.menu.iosPush',
    permission: 'push',
    super: true,
    component: SettingsIosPush,
  },
} satisfies Record<string, PageRoute<LazyPage>>;
