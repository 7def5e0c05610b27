import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { useSession } from '../../lib/use-session';

const SessionExpiredDialog = lazy(() => import('../../features/auth/session-expired-dialog'));

/** The root of every page: scroll restoration and the session-expired dialog (SPEC §2 Dialogs). */
export function RootLayout() {
  const { expired } = useSession();
  return (
    <>
      <ScrollRestoration />
      <Outlet />
      {expired && (
        <Suspense fallback={null}>
          <SessionExpiredDialog />
        </Suspense>
      )}
    </>
  );
}
