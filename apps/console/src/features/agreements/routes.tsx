import { FileProtectOutlined } from '@ant-design/icons';
import { lazyPage, type LazyPage } from '../../lib/chunk';
import type { SectionRoute } from '../../lib/routing';

// Route manifest of 合同设置 (concatenated by app/routes.tsx).
const AgreementTemplates = lazyPage(() => import('./pages/Templates'));
const AgreementAssignments = lazyPage(() => import('./pages/Assignments'));
const Agreements = lazyPage(() => import('./pages/Agreements'));

export const agreementsSection: SectionRoute<LazyPage> = {
  // Spec order: template, assign, list (the contract-review badge opens list).
  path: '/contractsettings',
  titleKey: 'agreements.menu.section',
  icon: <FileProtectOutlined />,
  children: [
    {
      path: '/contractsettings/template',
      titleKey: 'agreements.menu.template',
      permission: 'contract',
      keepAlive: true,
      component: AgreementTemplates,
    },
    {
      path: '/contractsettings/assign',
      titleKey: 'agreements.menu.assign',
      permission: 'contract',
      keepAlive: true,
      component: AgreementAssignments,
    },
    {
      path: '/contractsettings/list',
      titleKey: 'agreements.menu.list',
      permission: 'contract',
      keepAlive: true,
      component: Agreements,
    },
  ],
};
