import { Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { HashRouter, Navigate, Outlet, Route, Routes, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { PageLoading } from '../components/PageLoading';
import { getToken } from '../lib/auth';
import { dropBootSignIn } from '../lib/bootSignIn';
import { lazyPage } from '../lib/chunk';
import { feedback } from '../lib/feedback';
import { decideGuard, loginPathFor, safeRedirect } from '../lib/routing';
import { signOut, useUserInfo } from '../lib/session';
import i18n, { ensureFullCatalogue } from './i18n';
import { Providers } from './providers';
import { loadSession } from './session';
import { UserLayout } from '../layouts/UserLayout';

// The shell (ProLayout, tabs, header) is its own chunk: the sign-in page does not pay for it.
// Every feature's strings load alongside it (app/catalogue.ts).
const BasicLayout = lazyPage(() => Promise.all([import('../layouts/shell'), ensureFullCatalogue()]).then(([m]) => m));

/**
 * Once the operator starts typing on the sign-in page, the shell, every feature's strings and the page that signing
 * in opens (the workplace, or the `redirect`) load and run while they finish, so that signing in shows that page
 * without waiting for them. Not before: the sign-in page itself stays small for whoever only opens it.
 */
function useWarmShell() {
  const [params] = useSearchParams();
  const target = safeRedirect(params.get('redirect'));
  useEffect(() => {
    // signing in stops the warm-up: from then on the shell itself renders, and the two would only share the CPU
    const signingIn = new AbortController();
    const stop = () => signingIn.abort();
    const warm = () => {
      document.removeEventListener('input', warm, true);
      void BasicLayout.preload()
        .then((shell) => shell.warmUp(target, signingIn.signal))
        .catch(() => undefined);
    };
    document.addEventListener('input', warm, true);
    document.addEventListener('submit', stop, true);
    return () => {
      document.removeEventListener('input', warm, true);
      document.removeEventListener('submit', stop, true);
    };
  }, [target]);
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
