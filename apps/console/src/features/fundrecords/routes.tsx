import { lazyPage, type LazyPage } from '../../lib/chunk';
import type { PageRoute } from '../../lib/routing';

// Route manifest of the ledger screens (issue 5): pages of the /capital section, which app/routes.tsx assembles.
const FundRecords = lazyPage(() => import('./pages/FundRecords'));
const FundTransferRecords = lazyPage(() => import('./pages/FundTransferRecords'));

export const fundrecordsPages = {
  fundrecords: {
    path: '/capital/fundrecords',
    titleKey: 'fundrecords.menu.fundrecords',
    permission: 'fundrecords',
    keepAlive: true,
    component: FundRecords,
  },
  fundtransferrecord: {
    path: '/capital/fundtransferrecord',
    titleKey: 'fundrecords.menu.fundtransferrecord',
    permission: 'fundrecords',
    hideInMenu: true,
    keepAlive: true,
    component: FundTransferRecords,
  },
} satisfies Record<string, PageRoute<LazyPage>>;
