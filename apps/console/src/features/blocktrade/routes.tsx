import { lazyPage, type LazyPage } from '../../lib/chunk';
import type { PageRoute } from '../../lib/routing';

// Route manifest of 大宗交易 (issue 22): dzList is a page of /position, dazonglist of /newshares (app/routes.tsx assembles both).
const BlockProducts = lazyPage(() => import('./pages/BlockProducts'));
const BlockRequests = lazyPage(() => import('./pages/BlockRequests'));

export const blocktradePages = {
  dzList: {
    path: '/position/dzList',
    titleKey: 'blocktrade.menu.dzList',
    permission: 'financing',
    keepAlive: true,
    component: BlockRequests,
  },
  dazonglist: {
    path: '/newshares/dazonglist',
    titleKey: 'blocktrade.menu.dazonglist',
    permission: 'newshares',
    keepAlive: true,
    component: BlockProducts,
  },
} satisfies Record<string, PageRoute<LazyPage>>;
