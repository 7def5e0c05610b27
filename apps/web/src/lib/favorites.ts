import { favoritoApi } from '@clinica/shared/schemas/favorito';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { callEndpoint } from './api-client';
import { queryKeys } from './query-keys';
import { useSession } from './use-session';

/**
 * The signed-in customer's favourite product ids (ADR 045): one request, shared by every heart on the page through
 * TanStack Query, made only for a signed-in customer (never for a visitor or the staff). Private: signing out drops it.
 */
export function useFavoriteIds() {
  const { user, isSignedIn } = useSession();
  const customer = isSignedIn && user?.permissao === 'CLIENTE';
  const query = useQuery({
    queryKey: queryKeys.favoritosIds,
    queryFn: ({ signal }) => callEndpoint(favoritoApi.ids, { signal }),
    enabled: customer,
    staleTime: 5 * 60_000,
    meta: { private: true },
  });
  return { customer, visitor: !isSignedIn, ids: customer ? query.data : undefined };
}

/**
 * Adds or removes a favourite: the hearts change at once, then take the server's list (or go back on a failure,
 * which is thrown for the caller to tell). The favourites page reads its list again.
 */
export async function setFavorite(queryClient: QueryClient, produtoId: number, favorite: boolean): Promise<void> {
  const before = queryClient.getQueryData<number[]>(queryKeys.favoritosIds);
  queryClient.setQueryData<number[]>(queryKeys.favoritosIds, (ids = []) =>
    favorite ? [produtoId, ...ids.filter((id) => id !== produtoId)] : ids.filter((id) => id !== produtoId),
  );
  try {
    const endpoint = favorite ? favoritoApi.adicionar : favoritoApi.remover;
    queryClient.setQueryData(queryKeys.favoritosIds, await callEndpoint(endpoint, { params: { produtoId } }));
  } catch (error) {
    queryClient.setQueryData(queryKeys.favoritosIds, before);
    throw error;
  } finally {
    void queryClient.invalidateQueries({ queryKey: queryKeys.favoritos });
  }
}
