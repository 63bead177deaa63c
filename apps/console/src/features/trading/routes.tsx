import { lazyPage, type LazyPage } from '../../lib/chunk';
import type { PageRoute } from '../../lib/routing';

// Route manifest of 持仓管理 (issue 21): pages of the /position section, which app/routes.tsx assembles
// (blocktrade's dzList sits between orderList and buyList).
const Positions = lazyPage(() => import('./pages/Positions'));
const OrderList = lazyPage(() => import('./pages/OrderList'));
const BuyList = lazyPage(() => import('./pages/BuyList'));
const SellList = lazyPage(() => import('./pages/SellList'));
const CreatePosition = lazyPage(() => import('./pages/CreatePosition'));
const CreatedList = lazyPage(() => import('./pages/CreatedList'));

export const tradingPages = {
  financing: {
    path: '/position/financing',
    titleKey: 'trading.menu.financing',
    permission: 'financing',
    keepAlive: true,
    component: Positions,
  },
  orderList: {
    path: '/position/orderList',
    titleKey: 'trading.menu.orderList',
    permission: 'financing',
    hideInMenu: true,
    keepAlive: true,
    component: OrderList,
  },
  buyList: { path: '/position/buyList', titleKey: 'trading.menu.buyList', permission: 'financing', keepAlive: true, component: BuyList },
  sellList: {
    path: '/position/sellList',
    titleKey: 'trading.menu.sellList',
    permission: 'financing',
    hideInMenu: true,
    keepAlive: true,
    component: SellList,
  },
  createfinancing: {
    path: '/position/createfinancing',
    titleKey: 'trading.menu.createfinancing',
    permission: 'financing',
    // a page to create positions: offered to those who may (agent staff read positions, they do not create them)
    action: 'add',
    component: CreatePosition,
  },
  createList: {
    path: '/position/createList',
    titleKey: 'trading.menu.createList',
    permission: 'financing',
    hideInMenu: true,
    keepAlive: true,
    component: CreatedList,
  },
} satisfies Record<string, PageRoute<LazyPage>>;
