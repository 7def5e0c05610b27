import { produtoApi } from '@clinica/shared/schemas/produto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { catalogKeys } from '../../../components/catalog/api/keys';
import { callEndpoint } from '../../../lib/api-client';
import { takeEarly } from '../early-requests';

/** GET /produto/{id}: the product page (images, sheet or authors and tags, reviews). */
export const fetchProdutoDetalhe = (id: number, signal?: AbortSignal) =>
  callEndpoint(produtoApi.detalhe, { params: { id }, signal });

export const produtoDetalheQuery = (id: number) =>
  queryOptions({
    queryKey: catalogKeys.detalhe(id),
    queryFn: ({ signal }) => takeEarly(`produto:${id}`, () => fetchProdutoDetalhe(id, signal)),
    staleTime: 60_000,
  });

export const useProdutoDetalhe = (id: number) => useQuery({ ...produtoDetalheQuery(id), enabled: id > 0 });
