import { QueryClient } from '@tanstack/react-query';

/**
 * Retries are off: the request client already shows every failure, and repeating a call that failed
 * with a business code would only repeat the same notice.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
