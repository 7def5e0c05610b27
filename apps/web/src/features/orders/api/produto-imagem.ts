import { produtoApi } from '@clinica/shared/schemas/produto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogKeys } from '../../../components/catalog/api/keys';
import { callEndpoint } from '../../../lib/api-client';

/**
 * An order line carries no picture: it comes from GET /produto/{id} (the
 * product page's own cache entry, shared with the store). A product that is
 * gone or inactive simply keeps the placeholder.
 */
export const produtoQuery = (id: number) =>
  queryOptions({
    queryKey: catalogKeys.detalhe(id),
    queryFn: ({ signal }) => callEndpoint(produtoApi.detalhe, { params: { id }, signal }),
    staleTime: 60_000,
  });

export function useProdutoImagem(id: number) {
  const query = useQuery({ ...produtoQuery(id), retry: false, enabled: id > 0 });
  return query.data?.imagemDestaque ?? null;
}
