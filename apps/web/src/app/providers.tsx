import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { AppToaster } from '../components/ui/toast';
import { session } from '../lib/session';
import { startSessionKeeper } from '../lib/token-renewal';
import { createQueryClient } from './query-client';

/**
 * The auth side of the app: renews the token before it expires, follows other
 * tabs, and drops private cached data (queries with `meta.private`) at sign-out.
 */
function SessionKeeper({ queryClient }: { queryClient: QueryClient }) {
  useEffect(() => startSessionKeeper(), []);
  useEffect(
    () =>
      session.subscribe(() => {
        if (!session.getSnapshot().user) queryClient.removeQueries({ predicate: (q) => q.meta?.private === true });
      }),
    [queryClient],
  );
  return null;
}

/** TanStack Query, the session keeper and the toasts. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <SessionKeeper queryClient={client} />
      {children}
      <AppToaster />
    </QueryClientProvider>
  );
}
