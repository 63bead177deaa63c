import { lazyPage, type LazyPage } from '../../lib/chunk';
import type { PageRoute } from '../../lib/routing';

// Route manifest of 代理列表 (a page of the /userlist section, which app/routes.tsx assembles).
const AgentList = lazyPage(() => import('./pages/AgentList'));

export const agentsPages = {
  agentlist: {
    path: '/userlist/agentlist',
    titleKey: 'users.menu.agentlist',
    permission: 'agentlist',
    keepAlive: true,
    component: AgentList,
  },
} satisfies Record<string, PageRoute<LazyPage>>;
