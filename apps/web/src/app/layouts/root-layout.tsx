import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { DemoNotice } from '../../components/layout/demo-notice';
import { useSession } from '../../lib/use-session';

const SessionExpiredDialog = lazy(() => import('../../features/auth/session-expired-dialog'));

/**
 * The root of every page: the demo store's notice above each frame (ADR 022; once here, so the lazy checkout and
 * back-office layouts carry none of its code), scroll restoration and the session-expired dialog
 * (docs/behaviour/accounts-and-sign-in.md#session-expired).
 */
export function RootLayout() {
  const { expired } = useSession();
  return (
    <>
      <DemoNotice />
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
