import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-client';

/** Retries only what may succeed on retry: network failures and 5xx, twice. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) =>
          failureCount < 2 && (!isApiError(error) || error.status === 0 || error.status >= 500),
      },
      mutations: { retry: false },
    },
  });
}
