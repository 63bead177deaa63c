import { FileSearchOutlined } from '@ant-design/icons';
import { lazyPage, type LazyPage } from '../../lib/chunk';
import type { SectionRoute } from '../../lib/routing';

// Route manifest of 日志管理 (issue 7; concatenated by app/routes.tsx).
const LoginLog = lazyPage(() => import('./pages/LoginLog'));
const OperationLog = lazyPage(() => import('./pages/OperationLog'));
const SmsLog = lazyPage(() => import('./pages/SmsLog'));
const ScheduledTasks = lazyPage(() => import('./pages/ScheduledTasks'));
const StationMessage = lazyPage(() => import('./pages/StationMessage'));

export const logsSection: SectionRoute<LazyPage> = {
  // Spec order: loginlog, operationLog (super-user only), smslog*, scheduledtasks, stationmessage.
  path: '/logmanage',
  titleKey: 'logs.menu.logmanage',
  icon: <FileSearchOutlined />,
  children: [
    { path: '/logmanage/loginlog', titleKey: 'logs.menu.loginlog', permission: 'loginlog', keepAlive: true, component: LoginLog },
    {
      path: '/logmanage/operationLog',
      titleKey: 'logs.menu.operationLog',
      permission: 'operationlog',
      super: true,
      keepAlive: true,
      component: OperationLog,
    },
    {
      path: '/logmanage/smslog',
      titleKey: 'logs.menu.smslog',
      permission: 'smslog',
      hideInMenu: true,
      keepAlive: true,
      component: SmsLog,
    },
    { path: '/logmanage/scheduledtasks', titleKey: 'logs.menu.scheduledtasks', permission: 'scheduledtasks', component: ScheduledTasks },
    {
      path: '/logmanage/stationmessage',
      titleKey: 'logs.menu.stationmessage',
      permission: 'stationmessage',
      keepAlive: true,
      component: StationMessage,
    },
  ],
};
