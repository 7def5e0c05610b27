import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { NotFoundPage } from '../../components/ui/not-found-page';
import { useSession } from '../../lib/use-session';
import { decideAccess, type RouteAccess } from './route-access';

/**
 * A pathless layout route that lets its children render only for the roles of
 * `access`: visitors go to /signIn (or `signedOut`), a wrong role sees
 * 'Página não encontrada!'.
 */
export function RequireAccess({ access }: { access: RouteAccess }) {
  const { user, expired } = useSession();
  const params = useParams();
  const location = useLocation();
  const decision = decideAccess(access, { user, expired, params, pathname: location.pathname });

  switch (decision.type) {
    case 'allow':
      return <Outlet />;
    case 'redirect':
      // The state is a module constant (route-access.ts): <Navigate> re-runs its effect when its props change identity.
      return <Navigate to={decision.to} replace state={decision.state} />;
    case 'deny':
      return <NotFoundPage />;
    case 'hold':
      return null;
  }
}
