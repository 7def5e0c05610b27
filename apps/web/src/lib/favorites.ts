import { favoritoApi } from '@clinica/shared/schemas/favorito';
import type { QueryClient } from '@tanstack/react-query';
import { callEndpoint } from './api-client';
import { queryKeys } from './query-keys';

/** The favourites page's list (its ids are queryKeys.favoritosIds). */
export const FAVORITES_KEY = ['favoritos', 'lista'] as const;

/** GET /favoritos/ids (lib/favorite-ids.ts's query). */
export const fetchFavoriteIds = (signal?: AbortSignal) => callEndpoint(favoritoApi.ids, { signal });

/** GET /favoritos: the favourites page's cards. */
export const fetchFavorites = (signal?: AbortSignal) => callEndpoint(favoritoApi.listar, { signal });

/**
 * Adds or removes a favourite (ADR 045): the hearts change at once, then take the server's list (or go back on a
 * failure, which is thrown for the caller to tell). The favourites page reads its list again.
 */
export async function setFavorite(queryClient: QueryClient, produtoId: number, favorite: boolean): Promise<void> {
  // A read of the ids still on its way would land after this change and undo it on screen: it is dropped.
  await queryClient.cancelQueries({ queryKey: queryKeys.favoritosIds });
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
    void queryClient.invalidateQueries({ queryKey: FAVORITES_KEY });
  }
}
