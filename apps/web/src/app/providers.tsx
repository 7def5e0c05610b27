import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { AppToaster } from '../components/ui/toast';
// Not the lib/realtime barrel: it would pull the realtime state into every page's first render (docs/quality.md#p6-javascript-of-the-public-pages).
import { RealtimeProvider } from '../lib/realtime/realtime-provider';
import { session } from '../lib/session';
import { STORAGE_KEYS } from '../lib/storage';
import { createQueryClient } from './query-client';

/**
 * Starts the token keeper (lib/token-renewal.ts) once there is a session: at
 * start when one is stored, else at the first login in this tab or another.
 * A visitor who never signs in never loads it, nor the auth contract and its
 * field rules it brings along (docs/quality.md#p6-javascript-of-the-public-pages). Until it runs, other tabs' logins
 * are followed here.
 */
export function useLazySessionKeeper() {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let requested = false;
    let cancelled = false;
    const storedAtStart = session.isSignedIn();
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === STORAGE_KEYS.authUser || event.key === STORAGE_KEYS.token) {
        session.reload();
      }
    };
    const start = () => {
      if (requested || !session.isSignedIn()) return;
      requested = true;
      void import('../lib/token-renewal').then(({ startSessionKeeper }) => {
        if (cancelled) return;
        window.removeEventListener('storage', onStorage); // the keeper follows other tabs from now on
        stop = startSessionKeeper({ verifyAtStart: storedAtStart });
      });
    };
    const unsubscribe = session.subscribe(start);
    window.addEventListener('storage', onStorage);
    start();
    return () => {
      cancelled = true;
      unsubscribe();
      window.removeEventListener('storage', onStorage);
      stop?.();
    };
  }, []);
}

/**
 * The auth side of the app: renews the token before it expires, follows other
 * tabs, and drops private cached data (queries with `meta.private`) at sign-out.
 */
function SessionKeeper({ queryClient }: { queryClient: QueryClient }) {
  useLazySessionKeeper();
  useEffect(
    () =>
      session.subscribe(() => {
        if (!session.getSnapshot().user) queryClient.removeQueries({ predicate: (q) => q.meta?.private === true });
      }),
    [queryClient],
  );
  return null;
}

/** TanStack Query, the session keeper, the realtime notifications of the signed-in user and the toasts. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <SessionKeeper queryClient={client} />
      <RealtimeProvider>{children}</RealtimeProvider>
      <AppToaster />
    </QueryClientProvider>
  );
}
