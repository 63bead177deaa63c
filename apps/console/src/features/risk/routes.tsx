import { SafetyCertificateOutlined } from '@ant-design/icons';
import { lazyPage, type LazyPage } from '../../lib/chunk';
import type { SectionRoute } from '../../lib/routing';

// Route manifest of 风控设置 (issue 21; concatenated by app/routes.tsx).
const StockRisk = lazyPage(() => import('./pages/StockRisk'));
const ProductConfig = lazyPage(() => import('./pages/ProductConfig'));
const IndexRisk = lazyPage(() => import('./pages/IndexRisk'));
const SpreadSettings = lazyPage(() => import('./pages/SpreadSettings'));

export const riskSection: SectionRoute<LazyPage> = {
  // Spec order: sharessetting, productsetting, indexsetting*, spreadsetting.
  path: '/risksetting',
  titleKey: 'risk.menu.section',
  icon: <SafetyCertificateOutlined />,
  children: [
    { path: '/risksetting/sharessetting', titleKey: 'risk.menu.sharessetting', permission: 'risksetting', component: StockRisk },
    { path: '/risksetting/productsetting', titleKey: 'risk.menu.productsetting', permission: 'risksetting', component: ProductConfig },
    {
      path: '/risksetting/indexsetting',
      titleKey: 'risk.menu.indexsetting',
      permission: 'risksetting',
      hideInMenu: true,
      component: IndexRisk,
    },
    {
      path: '/risksetting/spreadsetting',
      titleKey: 'risk.menu.spreadsetting',
      permission: 'risksetting',
      keepAlive: true,
      component: SpreadSettings,
    },
  ],
};
