import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../lib/api-client';

/**
 * Retries only what may succeed on retry: network failures and 5xx, twice. The server's renderer (ADR 019) asks
 * for no retries: a failed read serves the page unrendered instead of waiting.
 */
export function createQueryClient({ retry = true }: { retry?: boolean } = {}) {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) =>
          retry && failureCount < 2 && (!isApiError(error) || error.status === 0 || error.status >= 500),
      },
      mutations: { retry: false },
    },
  });
}
