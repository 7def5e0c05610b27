import { produtoApi } from '@clinica/shared/schemas/produto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { catalogKeys } from '../../../components/catalog/api/keys';
import { callEndpoint } from '../../../lib/api-client';
import { takeEarly } from '../early-requests';

/** GET /produto/site/: the store's featured banners (content.content.listImagemProdutoSite). */
export const fetchBanners = (signal?: AbortSignal) =>
  callEndpoint(produtoApi.banners, { signal }).then((c) => c.content.listImagemProdutoSite);

export const bannersQuery = queryOptions({
  queryKey: catalogKeys.banners,
  queryFn: ({ signal }) => takeEarly('banners', () => fetchBanners(signal)),
  staleTime: 5 * 60_000,
});

/** A failure is only logged (docs/behaviour/README.md#errors-the-user-sees): the store shows its categories without banners. */
export function useBanners() {
  const query = useQuery(bannersQuery);
  useEffect(() => {
    if (query.error) console.warn('Falha ao carregar os destaques da loja.', query.error);
  }, [query.error]);
  return query;
}
