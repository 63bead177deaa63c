import {
  ContactsOutlined,
  FileSearchOutlined,
  FundOutlined,
  MoneyCollectOutlined,
  RiseOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { LazyPage } from '../lib/chunk';
import { matchRoute } from '../lib/routing';
import type { PageRoute as Page, RouteEntry as Entry, SectionRoute as Section } from '../lib/routing';
import { accountPages } from '../features/account/routes';
import { adminsPages } from '../features/admins/routes';
import { agentsPages } from '../features/agents/routes';
import { agreementsSection } from '../features/agreements/routes';
import { approvalsPages, approvalsSection } from '../features/approvals/routes';
import { closeSection } from '../features/close/routes';
import { corpactionsSection } from '../features/corpactions/routes';
import { blocktradePages } from '../features/blocktrade/routes';
import { channelsPages } from '../features/channels/routes';
import { contentPages } from '../features/content/routes';
import { dashboardSection } from '../features/dashboard/routes';
import { exceptionRoutes } from '../features/exception/routes';
import { fundrecordsPages } from '../features/fundrecords/routes';
import { fundsPages } from '../features/funds/routes';
import { logsPages } from '../features/logs/routes';
import { messagesPages } from '../features/messages/routes';
import { newsharesPages } from '../features/newshares/routes';
import { productsSection } from '../features/products/routes';
import { riskSection } from '../features/risk/routes';
import { rolesPages } from '../features/roles/routes';
import { tasksPages } from '../features/tasks/routes';
import { tradingPages } from '../features/trading/routes';
import { usersPages } from '../features/users/routes';

/**
 * THE route table (DESIGN §6). Menu, second-level menu, breadcrumbs, tab titles, the document title
 * and the guards all derive from it. Each page is lazy (its own chunk).
 *
 * Each feature declares its pages in its own manifest, `features/<domain>/routes.tsx` (lazy pages via
 * `lazyPage`); this file only puts them together, in the spec's order:
 * - a section whose pages all belong to one feature is exported whole by that feature (`<domain>Section`);
 * - a section whose pages come from several features (/userlist, /position, /newshares, /capital,
 *   /logmanage, /allsetting, /account) is written here — path, title, icon and the order of its
 *   children — and each feature exports its pages as an object keyed by the spec's name (`<domain>Pages.<name>`).
 * Only this file (app/) imports the manifests (eslint: import-x/no-restricted-paths).
 * Pages that need the table (the workplace's quick links, the role editor, 状态栏管理) read it from
 * `useShellRoutes()` (shared/shellRoutes.ts, provided by the shell), never from here: a page importing this
 * file would be an import cycle.
 *
 * Adding a page: put it in its feature's manifest and, in a section assembled here, in the section's
 * children (create the section if needed, in the spec's order), with `titleKey` (add the title to both
 * locale files), `permission` (a key of contracts' PERMISSION_KEYS), `hideInMenu` for the spec's `*` pages,
 * `keepAlive` for list pages whose state should survive tab switches, `super` for super-user-only pages.
 * A page that is not built yet is simply not listed.
 */

export type PageComponent = LazyPage;
export type PageRoute = Page<PageComponent>;
export type SectionRoute = Section<PageComponent>;
export type RouteEntry = Entry<PageComponent>;

// Pages of the sign-in layout (login, register, register-result) are in ./userRoutes.tsx: the first chunk
// loads that small table; this one (menus, icons, every page) loads with the shell.
export { userRoutes } from './userRoutes';

/** Pages inside the main shell. */
export const shellRoutes: RouteEntry[] = [
  dashboardSection,
  {
    // Spec order: index (用户列表), agentlist (代理列表).
    path: '/userlist',
    titleKey: 'users.menu.section',
    icon: <ContactsOutlined />,
    children: [usersPages.index, agentsPages.agentlist],
  },
  productsSection,
  {
    // Spec order: financing, orderList*, dzList, buyList, sellList*, createfinancing, createList*.
    path: '/position',
    titleKey: 'trading.menu.section',
    icon: <FundOutlined />,
    children: [
      tradingPages.financing,
      tradingPages.orderList,
      blocktradePages.dzList,
      tradingPages.buyList,
      tradingPages.sellList,
      tradingPages.createfinancing,
      tradingPages.createList,
    ],
  },
  {
    // Spec order: newshareslist, newzhailist, newsharesrecord, newzhairecord, dazonglist.
    path: '/newshares',
    titleKey: 'newshares.menu.section',
    icon: <RiseOutlined />,
    children: [
      newsharesPages.newshareslist,
      newsharesPages.newzhailist,
      newsharesPages.newsharesrecord,
      newsharesPages.newzhairecord,
      blocktradePages.dazonglist,
    ],
  },
  {
    // Spec order: rechargelist, withdrawallist, fundrecords, fundtransferrecord*, channallist, layleringlist.
    path: '/capital',
    titleKey: 'funds.menu.capital',
    icon: <MoneyCollectOutlined />,
    children: [
      fundsPages.rechargelist,
      fundsPages.withdrawallist,
      fundrecordsPages.fundrecords,
      fundrecordsPages.fundtransferrecord,
      channelsPages.channallist,
      channelsPages.layleringlist,
    ],
  },
  {
    // Spec order: loginlog, operationLog (super-user only), smslog*, scheduledtasks, stationmessage.
    path: '/logmanage',
    titleKey: 'logs.menu.logmanage',
    icon: <FileSearchOutlined />,
    children: [logsPages.loginlog, logsPages.operationLog, logsPages.smslog, tasksPages.scheduledtasks, messagesPages.stationmessage],
  },
  {
    // managelist (spec), then the role editor next to it
    path: '/managesettings',
    titleKey: 'admins.menu.managesettings',
    icon: <TeamOutlined />,
    children: [adminsPages.managelist, rolesPages.rolelist],
  },
  agreementsSection,
  riskSection,
  corpactionsSection,
  approvalsSection,
  closeSection,
  {
    // Spec order: noticesetting, activesetting*, bannersetting, paysetting.
    path: '/allsetting',
    titleKey: 'funds.menu.allsetting',
    icon: <SettingOutlined />,
    children: [
      contentPages.noticesetting,
      contentPages.activesetting,
      contentPages.bannersetting,
      fundsPages.paysetting,
      approvalsPages.rules,
    ],
  },
  {
    // 个人中心 (spec order: settings/normal, basic, security, custom, iosPush (super-user only), push, pushlist).
    // /account/settings opens the first of these (lib/routing resolveShellPath).
    path: '/account',
    titleKey: 'account.menu.account',
    icon: <UserOutlined />,
    children: [
      accountPages.normal,
      accountPages.basic,
      accountPages.security,
      accountPages.custom,
      accountPages.iosPush,
      messagesPages.push,
      messagesPages.pushlist,
    ],
  },
  // /exception and /result (demo sections), then the targets of the guards: /404 and /403.
  ...exceptionRoutes,
];

/** Loads the page that `path` opens ahead of its use: the sign-in page warms the page that signing in opens. */
export function preloadPage(path: string): Promise<void> {
  const page = matchRoute(shellRoutes, path.split('?')[0]!)?.page;
  return page ? page.component.preload().then(() => undefined) : Promise.resolve();
}
