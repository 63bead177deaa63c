import { Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { HashRouter, Navigate, Outlet, Route, Routes, useLocation, useNavigate } from 'react-router';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { PageLoading } from '../components/PageLoading';
import { getToken } from '../lib/auth';
import { dropBootSignIn } from '../lib/bootSignIn';
import { lazyPage } from '../lib/chunk';
import { feedback } from '../lib/feedback';
import { decideGuard, loginPathFor } from '../lib/routing';
import { signOut, useUserInfo } from '../lib/session';
import i18n, { ensureFullCatalogue } from './i18n';
import { Providers } from './providers';
import { loadSession } from './session';
import { UserLayout } from '../layouts/UserLayout';

// The shell (ProLayout, tabs, header) is its own chunk: the sign-in page does not pay for it.
// Every feature's strings load alongside it (app/catalogue.ts).
const loadShell = () => Promise.all([import('../layouts/BasicLayout'), ensureFullCatalogue()]).then(([m]) => m);
const BasicLayout = lazyPage<object>(loadShell);

/**
 * Once the operator starts typing on the sign-in page, the shell, every feature's strings and the workplace load
 * and run while they finish, so that signing in shows the workplace without waiting for them. Not before: the
 * sign-in page itself stays small for whoever only opens it.
 */
function useWarmShell() {
  useEffect(() => {
    const warm = () => {
      document.removeEventListener('input', warm, true);
      void Promise.all([loadShell(), import('../features/dashboard/pages/Workplace')]).catch(() => undefined);
    };
    document.addEventListener('input', warm, true);
    return () => document.removeEventListener('input', warm, true);
  }, []);
}

function SignInLayout() {
  useWarmShell();
  return <UserLayout />;
}

/** Spec §2 access rules and §4 session for every navigation. */
function Guard() {
  const location = useLocation();
  const navigate = useNavigate();
  const info = useUserInfo();
  const decision = decideGuard({ pathname: location.pathname, search: location.search, hasToken: !!getToken(), hasInfo: !!info });
  const fullPath = `${location.pathname}${location.search}`;
  // the plain sign-in form of index.html belongs to the sign-in page only (which takes it over)
  useLayoutEffect(() => {
    if (location.pathname !== '/user/login' && location.pathname !== '/') dropBootSignIn();
  }, [location.pathname]);

  const asked = useRef(fullPath);
  asked.current = fullPath;
  useEffect(() => {
    if (decision.kind !== 'loadInfo') return;
    const from = asked.current;
    // Not cancelled on re-render: a refused token is cleared by the request client at once, which
    // re-renders this guard before the load settles — the failure must still be reported (spec §4).
    void loadSession().then((ok) => {
      if (ok) return;
      feedback.notification.error({ message: i18n.t('session.infoFailedTitle'), description: i18n.t('session.infoFailedDesc') });
      signOut();
      navigate(loginPathFor(from), { replace: true });
    });
  }, [decision.kind, navigate]);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'loadInfo') return <PageLoading full />;
  return <Outlet />;
}

function Shell() {
  return (
    <ErrorBoundary>
      <Suspense fallback={<PageLoading full />}>
        <BasicLayout />
      </Suspense>
    </ErrorBoundary>
  );
}

export function App() {
  return (
    <Providers>
      <HashRouter>
        <Routes>
          <Route element={<Guard />}>
            <Route path="/user/*" element={<SignInLayout />} />
            <Route path="*" element={<Shell />} />
          </Route>
        </Routes>
      </HashRouter>
    </Providers>
  );
}
