import { useQuery } from '@tanstack/react-query';
import { queryKeys } from './query-keys';
import { useSession } from './use-session';

/**
 * The signed-in customer's favourite product ids (ADR 045): one request, shared by every heart on the page through
 * TanStack Query, made only for a signed-in customer (never for a visitor or the staff). Private: signing out drops
 * it. The request's code (lib/favorites.ts) is fetched with it: the cards of every catalogue page carry only this.
 */
export function useFavoriteIds() {
  const { user, isSignedIn } = useSession();
  const customer = isSignedIn && user?.permissao === 'CLIENTE';
  const query = useQuery({
    queryKey: queryKeys.favoritosIds,
    queryFn: ({ signal }) => import('./favorites').then((m) => m.fetchFavoriteIds(signal)),
    enabled: customer,
    staleTime: 5 * 60_000,
    meta: { private: true },
  });
  return { customer, visitor: !isSignedIn, ids: customer ? query.data : undefined };
}
