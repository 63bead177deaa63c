import { lazyPage, type LazyPage } from '../../lib/chunk';
import type { PageRoute } from '../../lib/routing';

// Route manifest of 日志管理 (issue 7): pages of the /logmanage section, which app/routes.tsx assembles
// (定时任务 is the tasks feature's, 站内消息 the messages feature's).
const LoginLog = lazyPage(() => import('./pages/LoginLog'));
const OperationLog = lazyPage(() => import('./pages/OperationLog'));
const SmsLog = lazyPage(() => import('./pages/SmsLog'));

export const logsPages = {
  loginlog: { path: '/logmanage/loginlog', titleKey: 'logs.menu.loginlog', permission: 'loginlog', keepAlive: true, component: LoginLog },
  operationLog: {
    path: '/logmanage/operationLog',
    titleKey: 'logs.menu.operationLog',
    permission: 'operationlog',
    super: true,
    keepAlive: true,
    component: OperationLog,
  },
  smslog: {
    path: '/logmanage/smslog',
    titleKey: 'logs.menu.smslog',
    permission: 'smslog',
    hideInMenu: true,
    keepAlive: true,
    component: SmsLog,
  },
} satisfies Record<string, PageRoute<LazyPage>>;
