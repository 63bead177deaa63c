import { GiftOutlined } from '@ant-design/icons';
import { lazyPage, type LazyPage } from '../../lib/chunk';
import type { SectionRoute } from '../../lib/routing';

// Route manifest of 公司行动 (issue 62): the actions (enter, import, cancel, run now), the ex-date runs, and the
// positions' adjustments (an action's, or one position's history, opened from the positions list).
const CorpActions = lazyPage(() => import('./pages/CorpActions'));
const CorpRuns = lazyPage(() => import('./pages/CorpRuns'));
const Adjustments = lazyPage(() => import('./pages/Adjustments'));

export const corpactionsSection = {
  path: '/corpactions',
  titleKey: 'corpactions.menu.section',
  icon: <GiftOutlined />,
  children: [
    {
      path: '/corpactions/index',
      titleKey: 'corpactions.menu.actions',
      permission: 'corpactions',
      keepAlive: true,
      component: CorpActions,
    },
    { path: '/corpactions/runs', titleKey: 'corpactions.menu.runs', permission: 'corpactions', keepAlive: true, component: CorpRuns },
    { path: '/corpactions/adjustments', titleKey: 'corpactions.menu.adjustments', permission: 'corpactions', component: Adjustments },
  ],
} satisfies SectionRoute<LazyPage>;
