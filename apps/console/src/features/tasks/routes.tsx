import { lazyPage, type LazyPage } from '../../lib/chunk';
import type { PageRoute } from '../../lib/routing';

// Route manifest of 定时任务 (a page of the /logmanage section, which app/routes.tsx assembles).
const ScheduledTasks = lazyPage(() => import('./pages/ScheduledTasks'));

export const tasksPages = {
  scheduledtasks: {
    path: '/logmanage/scheduledtasks',
    titleKey: 'tasks.menu.scheduledtasks',
    permission: 'scheduledtasks',
    component: ScheduledTasks,
  },
} satisfies Record<string, PageRoute<LazyPage>>;
