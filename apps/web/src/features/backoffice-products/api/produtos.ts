import type { EndpointCallBody } from '@clinica/shared/endpoint';
import { produtoAdminApi } from '@clinica/shared/schemas/produto-admin';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { artificialDelay, PRODUCT_CREATE_DELAY_MS } from '../../../lib/delays';
import { listagemQuery, type ProductFilters } from '../product-filters';
import { catalogPrefix, produtoAdminKeys } from './keys';

export type ProdutoBody = EndpointCallBody<typeof produtoAdminApi.criar>;

/** GET /produto/listagem: the back-office's products (active and inactive), filtered, zero-based pages. */
const produtosListagemQuery = (filters: ProductFilters) =>
  queryOptions({
    queryKey: produtoAdminKeys.listagem(filters),
    queryFn: ({ signal }) => callEndpoint(produtoAdminApi.listagem, { query: listagemQuery(filters), signal }),
    meta: { private: true },
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useProdutosListagem = (filters: ProductFilters) => useQuery(produtosListagemQuery(filters));

/** GET /produto/admin/{id}: the product as the edit screen shows it. */
const produtoAdminQuery = (id: number) =>
  queryOptions({
    queryKey: produtoAdminKeys.detalhe(id),
    queryFn: ({ signal }) => callEndpoint(produtoAdminApi.buscar, { params: { id }, signal }),
    meta: { private: true },
  });

export const useProdutoAdmin = (id: number) => useQuery({ ...produtoAdminQuery(id), enabled: id > 0 });

/** The store and the back-office read the product again after a change (price, active, banner). */
function useInvalidateProdutos() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: produtoAdminKeys.all }),
      queryClient.invalidateQueries({ queryKey: catalogPrefix }),
    ]);
}

/** POST /produto/create/ after the 3 s wait (docs/behaviour/timings-and-limits.md#waits); answers the new id. */
export function useCriarProduto() {
  const invalidate = useInvalidateProdutos();
  return useMutation({
    mutationKey: ['backoffice', 'produto', 'criar'],
    mutationFn: async (body: ProdutoBody) => {
      await artificialDelay(PRODUCT_CREATE_DELAY_MS);
      return callEndpoint(produtoAdminApi.criar, { body });
    },
    onSuccess: () => void invalidate(),
  });
}

/** PUT /produto/editar/{id}: the whole product; answers it as saved. */
export function useEditarProduto(id: number) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateProdutos();
  return useMutation({
    mutationKey: ['backoffice', 'produto', 'editar', id],
    mutationFn: (body: ProdutoBody) => callEndpoint(produtoAdminApi.editar, { params: { id }, body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(produtoAdminKeys.detalhe(id), saved);
      void invalidate();
    },
  });
}
