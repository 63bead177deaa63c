import { Activity, Suspense, lazy, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Modal } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { ProConfigProvider, ProLayout, enUSIntl, zhCNIntl } from '@ant-design/pro-components';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { sessionApi } from '@stock-admin/contracts';
import '../app/dayjsLocale';
import { queryClient } from '../app/queryClient';
import { shellRoutes, type RouteEntry } from '../app/routes';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { Logo } from '../components/Logo';
import { PageLoading } from '../components/PageLoading';
import { useDocumentTitle } from '../components/useDocumentTitle';
import { RoutePermissionContext } from '../lib/access';
import { createCoalescedSaver } from '../lib/coalesce';
import { bindFeedback } from '../lib/feedback';
import { call, onServerBack } from '../lib/request';
import { grantRoutes, HOME_PATH, isSection, resolveShellPath } from '../lib/routing';
import { useSession, type FullSiteStyle } from '../lib/session';
import { getStoredFlag, setStoredFlag, STORAGE_KEYS } from '../lib/storage';
import { ShellRoutesContext } from '../shared/shellRoutes';
import { HeaderActions } from './HeaderActions';
import { Crumbs, ShellHeader } from './ShellHeader';
import { LiveNoticesMount } from './LiveNoticesMount';
import { SecondMenu } from './SecondMenu';
import { LAYOUT, darkSiderToken, shellPrimary } from './shellLook';
import { TabBar } from './TabBar';
import { useTabs, type OpenTab } from './useTabs';

// the settings drawer (radio groups, switches, a select) loads when it is first opened, not with the shell
const SettingDrawer = lazy(() => import('./SettingDrawer').then((m) => ({ default: m.SettingDrawer })));

const MOBILE_QUERY = '(max-width: 767.98px)';

function useIsMobile(): boolean {
  return useSyncExternalStore(
    (cb) => {
      const mq = window.matchMedia(MOBILE_QUERY);
      mq.addEventListener('change', cb);
      return () => mq.removeEventListener('change', cb);
    },
    () => window.matchMedia(MOBILE_QUERY).matches,
  );
}

/** ProLayout menu data from the granted route table. */
function menuData(routes: RouteEntry[], t: (k: string) => string) {
  return routes
    .filter((r) => !r.hideInMenu)
    .map((r) =>
      isSection(r)
        ? {
            path: r.path,
            name: t(r.titleKey),
            icon: r.icon,
            children: r.children.filter((c) => !c.hideInMenu).map((c) => ({ path: c.path, name: t(c.titleKey) })),
          }
        : { path: r.path, name: t(r.titleKey), icon: r.icon },
    );
}

function TabPane({ tab }: { tab: OpenTab }) {
  const Page = tab.route.component;
  return (
    <ShellRoutesContext.Provider value={shellRoutes}>
      <RoutePermissionContext.Provider value={tab.route.permission}>
        <ErrorBoundary resetKey={tab.location.key}>
          <Suspense fallback={<PageLoading />}>
            <Routes location={tab.location}>
              <Route path={tab.route.path} element={<Page />} />
            </Routes>
          </Suspense>
        </ErrorBoundary>
      </RoutePermissionContext.Provider>
    </ShellRoutesContext.Provider>
  );
}

/** Saves the site style when it changes, at most one call per 5 s (spec §7 "every 5 seconds"). */
function useSiteStyleSaver(style: FullSiteStyle) {
  const saver = useMemo(
    () => createCoalescedSaver((s: FullSiteStyle) => call(sessionApi.setSiteStyle, s, { dataType: 'json', silent: true })),
    [],
  );
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      saver.baseline(style);
      return;
    }
    saver.change(style);
  }, [style, saver]);
  useEffect(() => {
    window.addEventListener('pagehide', saver.flush);
    return () => {
      window.removeEventListener('pagehide', saver.flush);
      saver.flush();
    };
  }, [saver]);
}

/** The skip link's target: the pane of the tab shown, focused (its next Tab is the page's first control). */
function focusShownPane(): void {
  const pane = [...document.querySelectorAll<HTMLElement>('.shell-pane')].find((p) => p.offsetParent !== null);
  pane?.focus();
}

/** The main shell (spec §2 Main shell, DESIGN §6). Lazy: the sign-in page does not load it. */
export default function BasicLayout() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const { info, siteStyle } = useSession();
  const primary = shellPrimary(siteStyle);
  const isMobile = useIsMobile();
  const [collapsed, setCollapsed] = useState(() => getStoredFlag(STORAGE_KEYS.collapsed));
  const [mobileMenuOpen, setMobileMenuOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [settingsUsed, setSettingsUsed] = useState(false);
  useEffect(() => {
    if (settingsOpen) setSettingsUsed(true);
  }, [settingsOpen]);

  const granted = useMemo(() => grantRoutes(shellRoutes, info), [info]);
  const resolution = resolveShellPath(shellRoutes, granted, location.pathname);
  const match = resolution.kind === 'page' ? resolution.match : null;
  const { tabs, barTabs, activeId, active, cached, act } = useTabs(match, location, siteStyle.multiTab);
  // While a redirect (/ → workplace, unknown → /404) is under way the open pages stay mounted.
  const page = match?.page ?? active?.route;
  const section = match ? match.section : active?.section;
  useDocumentTitle(page?.titleKey);
  useSiteStyleSaver(siteStyle);
  const lang = i18n.language;
  const menu = useMemo(() => menuData(granted, (k) => t(k, { lng: lang })), [granted, t, lang]);

  // After a server outage (lib/request: onServerBack) the current page is mounted again, so its lists ask
  // again; the other open tabs keep what they show until visited.
  const [generations, setGenerations] = useState<Record<string, number>>({});
  useEffect(
    () =>
      onServerBack(() => {
        void queryClient.invalidateQueries();
        if (activeId) setGenerations((g) => ({ ...g, [activeId]: (g[activeId] ?? 0) + 1 }));
      }),
    [activeId],
  );

  // A kept-alive page hidden while the language changed is mounted again when shown: hidden (React
  // Activity), ProTable's search form re-renders its fields without its effects and comes back empty.
  const langSeen = useRef<Record<string, string>>({});
  const lastActive = useRef('');
  useEffect(() => {
    if (!activeId) return;
    const seen = langSeen.current[activeId];
    if (activeId !== lastActive.current && seen && seen !== lang) setGenerations((g) => ({ ...g, [activeId]: (g[activeId] ?? 0) + 1 }));
    langSeen.current[activeId] = lang;
    lastActive.current = activeId;
  }, [activeId, lang]);

  const [modal, modalHolder] = Modal.useModal();
  useEffect(() => bindFeedback({ modal }), [modal]);
  useEffect(() => setMobileMenuOpen(false), [location.pathname]);

  const redirect = resolution.kind === 'redirect' ? <Navigate to={resolution.to} replace /> : null;
  if (!page) return redirect;

  const showSecondMenu = !!section && page.path !== HOME_PATH && siteStyle.layout !== 'topmenu';
  const pro = siteStyle.navTheme === 'realDark';
  // ProLayout 7 draws no header for the side layout on wide screens: the shell draws its own there.
  const ownHeader = siteStyle.layout === 'sidemenu' && !isMobile;
  const crumbs = [...(section ? [{ titleKey: section.titleKey }] : []), { titleKey: page.titleKey }];
  const onCollapse = (c: boolean) => {
    if (isMobile) setMobileMenuOpen(!c);
    else {
      setCollapsed(c);
      setStoredFlag(STORAGE_KEYS.collapsed, c);
    }
  };

  return (
    <QueryClientProvider client={queryClient}>
      {/* the first stop of Tab (WCAG 2.4.1): past the menu and the header, to the page shown */}
      <button type="button" className="skip-link" onClick={focusShownPane}>
        {t('app.skipToMain')}
      </button>
      <ProConfigProvider intl={i18n.language === 'en-US' ? enUSIntl : zhCNIntl} dark={pro}>
        <ProLayout
          className="shell"
          title={t('app.title')}
          logo={<Logo size={28} />}
          layout={LAYOUT[siteStyle.layout]}
          navTheme={pro ? 'realDark' : 'light'}
          token={siteStyle.navTheme === 'dark' ? darkSiderToken(primary) : undefined}
          colorPrimary={primary}
          contentWidth={isMobile ? 'Fluid' : siteStyle.contentWidth}
          fixedHeader={siteStyle.fixedHeader}
          fixSiderbar={siteStyle.fixSiderbar}
          siderWidth={208}
          collapsed={isMobile ? !mobileMenuOpen : collapsed}
          onCollapse={onCollapse}
          collapsedButtonRender={ownHeader ? false : undefined}
          location={{ pathname: location.pathname }}
          route={{ path: '/', children: menu }}
          menu={{ locale: false }}
          // The classic dark side menu: antd's dark Menu theme (its styles cannot be repainted by light Menus on pages).
          menuProps={siteStyle.navTheme === 'dark' ? { theme: 'dark' } : undefined}
          menuItemRender={(item, dom) => (item.path && !item.isUrl ? <Link to={item.path}>{dom}</Link> : dom)}
          // In the top layout the header holds the menu: breadcrumbs then go in a row above the tabs.
          headerContentRender={isMobile || siteStyle.layout === 'topmenu' ? undefined : () => <Crumbs items={crumbs} />}
          actionsRender={
            ownHeader ? undefined : () => [<HeaderActions key="actions" compact={isMobile} onOpenSettings={() => setSettingsOpen(true)} />]
          }
          pageTitleRender={false}
          menuHeaderRender={(logo, title) => (
            // named even where the title is hidden (a phone's header shows the logo alone)
            <Link to={HOME_PATH} className="shell-brand" aria-label={t('app.title')}>
              {logo}
              {title}
            </Link>
          )}
          contentStyle={{ padding: 0 }}
        >
          {redirect}
          <LiveNoticesMount />
          {ownHeader && (
            <ShellHeader
              collapsed={collapsed}
              onToggle={() => onCollapse(!collapsed)}
              crumbs={crumbs}
              fixed={siteStyle.fixedHeader}
              onOpenSettings={() => setSettingsOpen(true)}
            />
          )}
          {siteStyle.layout === 'topmenu' && !isMobile && (
            <div className="shell-crumbs-row">
              <Crumbs items={crumbs} />
            </div>
          )}
          {showSecondMenu && (
            <div style={{ ['--shell-primary' as string]: primary }}>
              <SecondMenu section={section} activePath={page.path} />
            </div>
          )}
          {siteStyle.multiTab && <TabBar tabs={barTabs} activeId={activeId} onAction={act} />}
          <div className="shell-content" data-testid="shell-content" style={{ ['--shell-primary' as string]: primary }}>
            {tabs.map((tab) => {
              const active = tab.id === activeId;
              if (!active && !cached.has(tab.id)) return null;
              return (
                <Activity key={tab.id} mode={active ? 'visible' : 'hidden'}>
                  <div className="shell-pane" data-tab-key={tab.key} key={generations[tab.id] ?? 0} tabIndex={-1}>
                    <TabPane tab={tab} />
                  </div>
                </Activity>
              );
            })}
          </div>
          {(settingsOpen || settingsUsed) && (
            <Suspense fallback={null}>
              <SettingDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
            </Suspense>
          )}
          {modalHolder}
        </ProLayout>
      </ProConfigProvider>
    </QueryClientProvider>
  );
}
