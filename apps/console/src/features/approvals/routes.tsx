import { AuditOutlined } from '@ant-design/icons';
import { lazyPage, type LazyPage } from '../../lib/chunk';
import type { PageRoute, SectionRoute } from '../../lib/routing';

// Route manifest of 复核 (dual control, issue 49): the queue is a section of its own; the rules page sits in 系统设置.
const ApprovalQueue = lazyPage(() => import('./pages/ApprovalQueue'));
const ApprovalRules = lazyPage(() => import('./pages/ApprovalRules'));

export const approvalsSection = {
  path: '/approvals',
  titleKey: 'approvals.menu.section',
  icon: <AuditOutlined />,
  children: [
    { path: '/approvals/index', titleKey: 'approvals.menu.queue', permission: 'approvals', keepAlive: true, component: ApprovalQueue },
  ],
} satisfies SectionRoute<LazyPage>;

export const approvalsPages = {
  rules: { path: '/allsetting/approvalrules', titleKey: 'approvals.menu.rules', permission: 'approvals', component: ApprovalRules },
} satisfies Record<string, PageRoute<LazyPage>>;
