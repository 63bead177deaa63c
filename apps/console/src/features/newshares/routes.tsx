import { lazyPage, type LazyPage } from '../../lib/chunk';
import type { PageRoute } from '../../lib/routing';

// Route manifest of 新股申购 (issue 23): pages of the /newshares section, which app/routes.tsx assembles.
const NewShareList = lazyPage(() => import('./pages/NewShareList'));
const NewBondList = lazyPage(() => import('./pages/NewBondList'));
const NewShareRecords = lazyPage(() => import('./pages/NewShareRecords'));
const NewBondRecords = lazyPage(() => import('./pages/NewBondRecords'));

export const newsharesPages = {
  newshareslist: {
    path: '/newshares/newshareslist',
    titleKey: 'newshares.menu.newshareslist',
    permission: 'newshares',
    keepAlive: true,
    component: NewShareList,
  },
  newzhailist: {
    path: '/newshares/newzhailist',
    titleKey: 'newshares.menu.newzhailist',
    permission: 'newshares',
    keepAlive: true,
    component: NewBondList,
  },
  newsharesrecord: {
    path: '/newshares/newsharesrecord',
    titleKey: 'newshares.menu.newsharesrecord',
    permission: 'newshares',
    keepAlive: true,
    component: NewShareRecords,
  },
  newzhairecord: {
    path: '/newshares/newzhairecord',
    titleKey: 'newshares.menu.newzhairecord',
    permission: 'newshares',
    keepAlive: true,
    component: NewBondRecords,
  },
} satisfies Record<string, PageRoute<LazyPage>>;
