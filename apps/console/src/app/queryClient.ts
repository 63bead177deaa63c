import { QueryClient } from '@tanstack/react-query';

/**
 * The TanStack Query client of the shell (provided by layouts/BasicLayout, so the sign-in chunk does not
 * carry it). Failures are already shown by the request client: no silent retries that would repeat notices.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 }, mutations: { retry: false } },
});
