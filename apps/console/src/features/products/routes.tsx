import { StockOutlined } from '@ant-design/icons';
import { lazyPage, type LazyPage } from '../../lib/chunk';
import type { SectionRoute } from '../../lib/routing';

// Route manifest of 产品管理 (issue 20; concatenated by app/routes.tsx).
const StockList = lazyPage(() => import('./pages/StockList'));
const IndexList = lazyPage(() => import('./pages/IndexList'));

export const productsSection: SectionRoute<LazyPage> = {
  // Spec order: shares (股票产品), index (指数产品).
  path: '/product',
  titleKey: 'products.menu.section',
  icon: <StockOutlined />,
  children: [
    { path: '/product/shares', titleKey: 'products.menu.shares', permission: 'shares', keepAlive: true, component: StockList },
    { path: '/product/index', titleKey: 'products.menu.index', permission: 'index', keepAlive: true, component: IndexList },
  ],
};
