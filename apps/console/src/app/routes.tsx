import {
  CheckCircleOutlined,
  ContactsOutlined,
  DashboardOutlined,
  FileSearchOutlined,
  FundOutlined,
  MoneyCollectOutlined,
  RiseOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  StockOutlined,
  TeamOutlined,
  UserOutlined,
  WarningOutlined,
  FileProtectOutlined,
} from '@ant-design/icons';
import { lazyPage, type LazyPage } from '../lib/chunk';
import { matchRoute } from '../lib/routing';
import type { PageRoute as Page, RouteEntry as Entry, SectionRoute as Section } from '../lib/routing';

/**
 * THE route table (DESIGN §6). Menu, second-level menu, breadcrumbs, tab titles, the document title
 * and the guards all derive from it. Each page is lazy (its own chunk).
 *
 * Adding a page: put it under its section (create the section if needed, in the spec's order), with
 * `titleKey` (add the title to both locale files), `permission` (a key of contracts' PERMISSIONS),
 * `hideInMenu` for the spec's `*` pages, `keepAlive` for list pages whose state should survive tab
 * switches, `super` for super-user-only pages. A page that is not built yet is simply not listed.
 */

export type PageComponent = LazyPage;
export type PageRoute = Page<PageComponent>;
export type SectionRoute = Section<PageComponent>;
export type RouteEntry = Entry<PageComponent>;

const Workplace = lazyPage(() => import('../features/dashboard/pages/Workplace'));
const Analysis = lazyPage(() => import('../features/dashboard/pages/Analysis'));
const Exception = lazyPage(() => import('../features/exception/pages/Exception'));
const ResultPage = lazyPage(() => import('../features/exception/pages/ResultPage'));
const RechargeList = lazyPage(() => import('../features/funds/pages/RechargeList'));
const WithdrawalList = lazyPage(() => import('../features/funds/pages/WithdrawalList'));
const ChannelList = lazyPage(() => import('../features/channels/pages/ChannelList'));
const LayeringList = lazyPage(() => import('../features/channels/pages/LayeringList'));
const PaySetting = lazyPage(() => import('../features/funds/pages/PaySetting'));
const Announcements = lazyPage(() => import('../features/content/pages/Announcements'));
const Activities = lazyPage(() => import('../features/content/pages/Activities'));
const Banners = lazyPage(() => import('../features/content/pages/Banners'));

// 用户管理 and the ledger screens (issue 5).
const UserList = lazyPage(() => import('../features/users/pages/UserList'));
const AgentList = lazyPage(() => import('../features/agents/pages/AgentList'));
const FundRecords = lazyPage(() => import('../features/fundrecords/pages/FundRecords'));
const FundTransferRecords = lazyPage(() => import('../features/fundrecords/pages/FundTransferRecords'));

// 产品管理 (issue 20).
const StockList = lazyPage(() => import('../features/products/pages/StockList'));
const IndexList = lazyPage(() => import('../features/products/pages/IndexList'));

// 持仓管理 (issue 21).
const Positions = lazyPage(() => import('../features/trading/pages/Positions'));
const OrderList = lazyPage(() => import('../features/trading/pages/OrderList'));
const BuyList = lazyPage(() => import('../features/trading/pages/BuyList'));
const SellList = lazyPage(() => import('../features/trading/pages/SellList'));
const CreatePosition = lazyPage(() => import('../features/trading/pages/CreatePosition'));
const CreatedList = lazyPage(() => import('../features/trading/pages/CreatedList'));

// 大宗交易 (issue 22).
// 新股申购 (issue 23).
const NewShareList = lazyPage(() => import('../features/newshares/pages/NewShareList'));
const NewBondList = lazyPage(() => import('../features/newshares/pages/NewBondList'));
const NewShareRecords = lazyPage(() => import('../features/newshares/pages/NewShareRecords'));
const NewBondRecords = lazyPage(() => import('../features/newshares/pages/NewBondRecords'));
const BlockProducts = lazyPage(() => import('../features/blocktrade/pages/BlockProducts'));
const BlockRequests = lazyPage(() => import('../features/blocktrade/pages/BlockRequests'));

// 风控设置 (issue 21).
const StockRisk = lazyPage(() => import('../features/risk/pages/StockRisk'));
const ProductConfig = lazyPage(() => import('../features/risk/pages/ProductConfig'));
const IndexRisk = lazyPage(() => import('../features/risk/pages/IndexRisk'));
const SpreadSettings = lazyPage(() => import('../features/risk/pages/SpreadSettings'));

// 日志管理, 管理设置, 个人中心, registration (issue 7).
const LoginLog = lazyPage(() => import('../features/logs/pages/LoginLog'));
const OperationLog = lazyPage(() => import('../features/logs/pages/OperationLog'));
const SmsLog = lazyPage(() => import('../features/logs/pages/SmsLog'));
const ScheduledTasks = lazyPage(() => import('../features/logs/pages/ScheduledTasks'));
const StationMessage = lazyPage(() => import('../features/logs/pages/StationMessage'));
const ManageList = lazyPage(() => import('../features/admins/pages/ManageList'));
const RoleList = lazyPage(() => import('../features/admins/pages/RoleList'));
const SettingsNormal = lazyPage(() => import('../features/account/pages/SettingsNormal'));
const SettingsBasic = lazyPage(() => import('../features/account/pages/SettingsBasic'));
const SettingsSecurity = lazyPage(() => import('../features/account/pages/SettingsSecurity'));
const SettingsCustom = lazyPage(() => import('../features/account/pages/SettingsCustom'));
const SettingsIosPush = lazyPage(() => import('../features/account/pages/SettingsIosPush'));
const AgreementTemplates = lazyPage(() => import('../features/agreements/pages/Templates'));
const AgreementAssignments = lazyPage(() => import('../features/agreements/pages/Assignments'));
const AgreementContracts = lazyPage(() => import('../features/agreements/pages/Contracts'));
const MessageTemplates = lazyPage(() => import('../features/messages/pages/MessageTemplates'));
const MessageLog = lazyPage(() => import('../features/messages/pages/MessageLog'));

// Pages of the sign-in layout (login, register, register-result) are in ./userRoutes.tsx: the first chunk
// loads that small table; this one (menus, icons, every page) loads with the shell.
export { userRoutes } from './userRoutes';

/** Pages inside the main shell. */
export const shellRoutes: RouteEntry[] = [
  {
    path: '/dashboard',
    titleKey: 'route.dashboard',
    icon: <DashboardOutlined />,
    permission: 'dashboard',
    children: [
      { path: '/dashboard/workplace', titleKey: 'route.workplace', permission: 'dashboard', keepAlive: true, component: Workplace },
      { path: '/dashboard/analysis', titleKey: 'route.analysis', permission: 'analysis', keepAlive: true, component: Analysis },
    ],
  },
  {
    // Spec order: index (用户列表), agentlist (代理列表).
    path: '/userlist',
    titleKey: 'users.menu.section',
    icon: <ContactsOutlined />,
    children: [
      { path: '/userlist/index', titleKey: 'users.menu.index', permission: 'userlist', keepAlive: true, component: UserList },
      { path: '/userlist/agentlist', titleKey: 'users.menu.agentlist', permission: 'agentlist', keepAlive: true, component: AgentList },
    ],
  },
  {
    // Spec order: shares (股票产品), index (指数产品).
    path: '/product',
    titleKey: 'products.menu.section',
    icon: <StockOutlined />,
    children: [
      { path: '/product/shares', titleKey: 'products.menu.shares', permission: 'shares', keepAlive: true, component: StockList },
      { path: '/product/index', titleKey: 'products.menu.index', permission: 'index', keepAlive: true, component: IndexList },
    ],
  },
  {
    // Spec order: financing, orderList*, dzList, buyList, sellList*, createfinancing, createList*.
    path: '/position',
    titleKey: 'trading.menu.section',
    icon: <FundOutlined />,
    children: [
      { path: '/position/financing', titleKey: 'trading.menu.financing', permission: 'financing', keepAlive: true, component: Positions },
      {
        path: '/position/orderList',
        titleKey: 'trading.menu.orderList',
        permission: 'financing',
        hideInMenu: true,
        keepAlive: true,
        component: OrderList,
      },
      { path: '/position/dzList', titleKey: 'blocktrade.menu.dzList', permission: 'financing', keepAlive: true, component: BlockRequests },
      { path: '/position/buyList', titleKey: 'trading.menu.buyList', permission: 'financing', keepAlive: true, component: BuyList },
      {
        path: '/position/sellList',
        titleKey: 'trading.menu.sellList',
        permission: 'financing',
        hideInMenu: true,
        keepAlive: true,
        component: SellList,
      },
      { path: '/position/createfinancing', titleKey: 'trading.menu.createfinancing', permission: 'financing', component: CreatePosition },
      {
        path: '/position/createList',
        titleKey: 'trading.menu.createList',
        permission: 'financing',
        hideInMenu: true,
        keepAlive: true,
        component: CreatedList,
      },
    ],
  },
  {
    // Spec order: newshareslist, newzhailist, newsharesrecord, newzhairecord, dazonglist.
    path: '/newshares',
    titleKey: 'blocktrade.menu.section',
    icon: <RiseOutlined />,
    children: [
      {
        path: '/newshares/newshareslist',
        titleKey: 'newshares.menu.newshareslist',
        permission: 'newshares',
        keepAlive: true,
        component: NewShareList,
      },
      {
        path: '/newshares/newzhailist',
        titleKey: 'newshares.menu.newzhailist',
        permission: 'newshares',
        keepAlive: true,
        component: NewBondList,
      },
      {
        path: '/newshares/newsharesrecord',
        titleKey: 'newshares.menu.newsharesrecord',
        permission: 'newshares',
        keepAlive: true,
        component: NewShareRecords,
      },
      {
        path: '/newshares/newzhairecord',
        titleKey: 'newshares.menu.newzhairecord',
        permission: 'newshares',
        keepAlive: true,
        component: NewBondRecords,
      },
      {
        path: '/newshares/dazonglist',
        titleKey: 'blocktrade.menu.dazonglist',
        permission: 'newshares',
        keepAlive: true,
        component: BlockProducts,
      },
    ],
  },
  {
    // Spec order: rechargelist, withdrawallist, fundrecords, fundtransferrecord*, channallist, layleringlist.
    // The spec's Sections table spells the last one `layleringlist` (its path here); the permission key is layeringlist.
    path: '/capital',
    titleKey: 'funds.menu.capital',
    icon: <MoneyCollectOutlined />,
    children: [
      {
        path: '/capital/rechargelist',
        titleKey: 'funds.menu.rechargelist',
        permission: 'rechargelist',
        keepAlive: true,
        component: RechargeList,
      },
      {
        path: '/capital/withdrawallist',
        titleKey: 'funds.menu.withdrawallist',
        permission: 'withdrawallist',
        keepAlive: true,
        component: WithdrawalList,
      },
      {
        path: '/capital/fundrecords',
        titleKey: 'ledger.menu.fundrecords',
        permission: 'fundrecords',
        keepAlive: true,
        component: FundRecords,
      },
      {
        path: '/capital/fundtransferrecord',
        titleKey: 'ledger.menu.fundtransferrecord',
        permission: 'fundrecords',
        hideInMenu: true,
        keepAlive: true,
        component: FundTransferRecords,
      },
      {
        path: '/capital/channallist',
        titleKey: 'channels.menu.channallist',
        permission: 'channallist',
        keepAlive: true,
        component: ChannelList,
      },
      {
        path: '/capital/layleringlist',
        titleKey: 'channels.menu.layeringlist',
        permission: 'layeringlist',
        keepAlive: true,
        component: LayeringList,
      },
    ],
  },
  {
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
  },
  {
    // managelist (spec), then the role editor next to it.
    path: '/managesettings',
    titleKey: 'admins.menu.managesettings',
    icon: <TeamOutlined />,
    children: [
      {
        path: '/managesettings/managelist',
        titleKey: 'admins.menu.managelist',
        permission: 'managelist',
        keepAlive: true,
        component: ManageList,
      },
      {
        path: '/managesettings/rolelist',
        titleKey: 'admins.menu.rolelist',
        permission: 'managelist',
        keepAlive: true,
        component: RoleList,
      },
    ],
  },
  {
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
        component: AgreementContracts,
      },
    ],
  },
  {
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
  },
  {
    // Spec order: noticesetting, activesetting*, bannersetting, paysetting.
    path: '/allsetting',
    titleKey: 'funds.menu.allsetting',
    icon: <SettingOutlined />,
    children: [
      {
        path: '/allsetting/noticesetting',
        titleKey: 'content.menu.noticesetting',
        permission: 'allsetting',
        keepAlive: true,
        component: Announcements,
      },
      {
        path: '/allsetting/activesetting',
        titleKey: 'content.menu.activesetting',
        permission: 'allsetting',
        hideInMenu: true,
        keepAlive: true,
        component: Activities,
      },
      {
        path: '/allsetting/bannersetting',
        titleKey: 'content.menu.bannersetting',
        permission: 'allsetting',
        keepAlive: true,
        component: Banners,
      },
      { path: '/allsetting/paysetting', titleKey: 'funds.menu.paysetting', permission: 'paysetting', component: PaySetting },
    ],
  },
  {
    // 个人中心 (spec order: settings/normal, basic, security, custom, iosPush (super-user only), push, pushlist).
    // /account/settings opens the first of these (lib/routing resolveShellPath).
    path: '/account',
    titleKey: 'account.menu.account',
    icon: <UserOutlined />,
    children: [
      { path: '/account/settings/normal', titleKey: 'account.menu.normal', permission: 'user', component: SettingsNormal },
      { path: '/account/settings/basic', titleKey: 'account.menu.basic', permission: 'user', component: SettingsBasic },
      { path: '/account/settings/security', titleKey: 'account.menu.security', permission: 'user', component: SettingsSecurity },
      { path: '/account/settings/custom', titleKey: 'account.menu.custom', permission: 'user', component: SettingsCustom },
      { path: '/account/settings/iosPush', titleKey: 'account.menu.iosPush', permission: 'push', super: true, component: SettingsIosPush },
      { path: '/account/push', titleKey: 'messages.menu.push', permission: 'push', keepAlive: true, component: MessageTemplates },
      { path: '/account/pushlist', titleKey: 'messages.menu.pushlist', permission: 'push', keepAlive: true, component: MessageLog },
    ],
  },
  {
    path: '/exception',
    titleKey: 'route.exception',
    icon: <WarningOutlined />,
    demo: true,
    children: [
      { path: '/exception/403', titleKey: 'route.e403', component: Exception },
      { path: '/exception/404', titleKey: 'route.e404', component: Exception },
      { path: '/exception/500', titleKey: 'route.e500', component: Exception },
    ],
  },
  {
    path: '/result',
    titleKey: 'route.result',
    icon: <CheckCircleOutlined />,
    demo: true,
    children: [
      { path: '/result/success', titleKey: 'route.success', component: ResultPage },
      { path: '/result/fail', titleKey: 'route.fail', component: ResultPage },
    ],
  },
  // Targets of the guards: not-found (spec §2) and not-granted.
  { path: '/404', titleKey: 'route.e404', hideInMenu: true, transient: true, component: Exception },
  { path: '/403', titleKey: 'route.e403', hideInMenu: true, transient: true, component: Exception },
];

/** Loads the page that `path` opens ahead of its use: the sign-in page warms the page that signing in opens. */
export function preloadPage(path: string): Promise<void> {
  const page = matchRoute(shellRoutes, path.split('?')[0]!)?.page;
  return page ? page.component.preload().then(() => undefined) : Promise.resolve();
}
