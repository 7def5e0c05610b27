import { estoqueApi, type MovimentoEstoqueInput } from '@clinica/shared/schemas/estoque';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../api-client';

/** TanStack Query keys of the staff's stock (staff data: dropped at sign-out with `meta.private`). */
const estoqueKeys = {
  all: ['backoffice', 'estoque'] as const,
  movimentos: (id: number, page: number, size: number) => ['backoffice', 'estoque', id, page, size] as const,
  baixo: (page: number, size: number) => ['backoffice', 'estoque', 'baixo', page, size] as const,
};

/** GET /produto/{id}/estoque/movimentos: the product's stock now and one page of its movements. */
export const useEstoqueMovimentos = (id: number, page: number, size: number) =>
  useQuery({
    queryKey: estoqueKeys.movimentos(id, page, size),
    queryFn: ({ signal }) =>
      callEndpoint(estoqueApi.movimentos, {
        params: { id },
        query: { page: String(page), size: String(size) },
        signal,
      }),
    meta: { private: true },
    enabled: id > 0,
    placeholderData: keepPreviousData,
  });

/** GET /produto/estoque/baixo: the products at or below their 'Estoque mínimo', sold out first. */
export const useEstoqueBaixo = (page: number, size: number) =>
  useQuery({
    queryKey: estoqueKeys.baixo(page, size),
    queryFn: ({ signal }) =>
      callEndpoint(estoqueApi.baixo, { query: { page: String(page), size: String(size) }, signal }),
    meta: { private: true },
    placeholderData: keepPreviousData,
  });

/**
 * POST /produto/{id}/estoque/movimento: an entrada, ajuste or perda; every stock read (this product's, the low-stock
 * list, the product's form and audit trail) is read again.
 */
export function useMovimentarEstoque(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['backoffice', 'estoque', 'movimentar', id],
    mutationFn: (body: MovimentoEstoqueInput) => callEndpoint(estoqueApi.movimentar, { params: { id }, body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: estoqueKeys.all }),
        // The audit trail's keys (components/backoffice/audit-trail.tsx auditoriaKeys.all): the move is audited.
        queryClient.invalidateQueries({ queryKey: ['backoffice', 'auditoria'] }),
      ]),
  });
}
