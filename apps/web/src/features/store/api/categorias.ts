import { produtoApi } from '@clinica/shared/schemas/produto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { catalogKeys } from '../../../components/catalog/api/keys';
import { callEndpoint } from '../../../lib/api-client';
import { takeEarly } from '../early-requests';

/** GET /produto/categoria: categories with their active products shown on the site. */
export const fetchCategorias = (signal?: AbortSignal) => callEndpoint(produtoApi.categorias, { signal });

export const categoriasQuery = queryOptions({
  queryKey: catalogKeys.categorias,
  queryFn: ({ signal }) => takeEarly('categorias', () => fetchCategorias(signal)),
  staleTime: 5 * 60_000,
});

/** A failure is only logged (docs/behaviour/README.md#errors-the-user-sees); the store offers to try again. */
export function useCategorias(enabled = true) {
  const query = useQuery({ ...categoriasQuery, enabled });
  useEffect(() => {
    if (query.error) console.warn('Falha ao carregar as categorias da loja.', query.error);
  }, [query.error]);
  return query;
}
