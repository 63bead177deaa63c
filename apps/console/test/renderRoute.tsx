import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { RoutePermissionContext } from '../src/lib/access';
import type { PermissionKey } from '@stock-admin/contracts';

/**
 * Renders a page as the console's router shows it: a fresh query client that does not retry, the route it is opened
 * at, and the permission its menu entry names (what `<Access>` and the page's buttons read).
 */
export function renderRoute(page: ReactElement, { route, permission }: { route: string; permission: PermissionKey }) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[route]}>
        <RoutePermissionContext.Provider value={permission}>{page}</RoutePermissionContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
