import { AccountBookOutlined } from '@ant-design/icons';
import { lazyPage, type LazyPage } from '../../lib/chunk';
import type { SectionRoute } from '../../lib/routing';

// Route manifest of 财务日结 (issue 50): the days, reconciliation with the channels, a day's statement (opened from the
// list, printable), and the agents' statements.
const DailyClose = lazyPage(() => import('./pages/DailyClose'));
const Statement = lazyPage(() => import('./pages/Statement'));
const Reconcile = lazyPage(() => import('./pages/Reconcile'));
const AgentStatements = lazyPage(() => import('./pages/AgentStatements'));
const AgentStatement = lazyPage(() => import('./pages/AgentStatement'));

export const closeSection = {
  path: '/close',
  titleKey: 'close.menu.section',
  icon: <AccountBookOutlined />,
  children: [
    { path: '/close/index', titleKey: 'close.menu.days', permission: 'dailyclose', keepAlive: true, component: DailyClose },
    { path: '/close/reconcile', titleKey: 'close.recon.menu', permission: 'dailyclose', keepAlive: true, component: Reconcile },
    // agents' statements: read with the fund records' permission, so that an agent's staff see their subtree's
    { path: '/close/agents', titleKey: 'close.agents.menu', permission: 'fundrecords', keepAlive: true, component: AgentStatements },
    { path: '/close/agent', titleKey: 'close.agents.statement', permission: 'fundrecords', hideInMenu: true, component: AgentStatement },
    { path: '/close/statement', titleKey: 'close.menu.statement', permission: 'dailyclose', hideInMenu: true, component: Statement },
  ],
} satisfies SectionRoute<LazyPage>;
