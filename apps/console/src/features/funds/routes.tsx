import { lazyPage, type LazyPage } from '../../lib/chunk';
import type { PageRoute } from '../../lib/routing';

// Route manifest of the funds screens: deposits and withdrawals (/capital) and paysetting (/allsetting);
// app/routes.tsx assembles both sections.
const RechargeList = lazyPage(() => import('./pages/RechargeList'));
const WithdrawalList = lazyPage(() => import('./pages/WithdrawalList'));
const PaySetting = lazyPage(() => import('./pages/PaySetting'));

export const fundsPages = {
  rechargelist: {
    path: '/capital/rechargelist',
    titleKey: 'funds.menu.rechargelist',
    permission: 'rechargelist',
    keepAlive: true,
    component: RechargeList,
  },
  withdrawallist: {
    path: '/capital/withdrawallist',
    titleKey: 'funds.menu.withdrawallist',
    permission: 'withdrawallist',
    keepAlive: true,
    component: WithdrawalList,
  },
  paysetting: { path: '/allsetting/paysetting', titleKey: 'funds.menu.paysetting', permission: 'paysetting', component: PaySetting },
} satisfies Record<string, PageRoute<LazyPage>>;
