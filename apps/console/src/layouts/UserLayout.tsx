import { Suspense, use } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ensureFullCatalogue } from '../app/i18n';
import { userRoutes } from '../app/userRoutes';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { LangSwitch } from '../components/LangSwitch';
import { Logo } from '../components/Logo';
import { PageLoading } from '../components/PageLoading';
import { useDocumentTitle } from '../components/useDocumentTitle';
import { matchRoute } from '../lib/routing';

/** Feature strings for public pages other than sign-in (their texts live in feature catalogues). */
function FullCatalogue({ children }: { children: React.ReactNode }) {
  use(ensureFullCatalogue());
  return <>{children}</>;
}

/** Layout of the public pages under /user (sign-in, register, register-result). */
export function UserLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const m = matchRoute(userRoutes, pathname);
  useDocumentTitle(m?.page.titleKey);
  if (!m) return <Navigate to="/404" replace />;
  const Page = m.page.component;
  return (
    <div className="user-layout">
      <div className="user-layout-lang">
        <LangSwitch />
      </div>
      <div className="user-layout-main">
        <div className="user-layout-top">
          <Logo size={40} />
          <span className="user-layout-title">{t('app.title')}</span>
        </div>
        <ErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageLoading />}>
            {m.page.path === '/user/login' ? (
              <Page />
            ) : (
              <FullCatalogue>
                <Page />
              </FullCatalogue>
            )}
          </Suspense>
        </ErrorBoundary>
      </div>
      <div className="user-layout-footer">{t('app.copyright', { year: new Date().getFullYear() })}</div>
    </div>
  );
}
