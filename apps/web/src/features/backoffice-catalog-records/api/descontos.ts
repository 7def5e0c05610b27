import { descontoApi, type CondicaoDescontoInput } from '@clinica/shared/schemas/desconto';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { unitarioKeys, type ListFilters } from './keys';

/** GET /condicaodesconto/listagem?descricao&ativo&page&size: conditions by description, zero-based pages. */
const descontoListagemQuery = (filters: ListFilters) =>
  queryOptions({
    queryKey: unitarioKeys.descontoListagem(filters),
    queryFn: ({ signal }) =>
      callEndpoint(descontoApi.listagem, {
        query: {
          descricao: filters.texto,
          ativo: filters.tipo === 'ativo' ? 'true' : filters.tipo === 'inativo' ? 'false' : undefined,
          page: String(filters.page),
          size: String(filters.size),
        },
        signal,
      }),
    meta: { private: true },
    placeholderData: keepPreviousData,
  });

export const useDescontoListagem = (filters: ListFilters) => useQuery(descontoListagemQuery(filters));

/** GET /condicaodesconto/{id}. */
const descontoQuery = (id: number) =>
  queryOptions({
    queryKey: unitarioKeys.desconto(id),
    queryFn: ({ signal }) => callEndpoint(descontoApi.buscar, { params: { id }, signal }),
    meta: { private: true },
  });

export const useDesconto = (id: number | null) => useQuery({ ...descontoQuery(id ?? 0), enabled: id !== null });

/** POST /condicaodesconto/, or PUT /condicaodesconto/{id}; a second active condition answers 409. */
const salvarDesconto = ({ id, body }: { id: number | null; body: CondicaoDescontoInput }) =>
  id === null
    ? callEndpoint(descontoApi.criar, { body })
    : callEndpoint(descontoApi.editar, { params: { id }, body: { id, ...body } });

/** DELETE /condicaodesconto/delete/{id} (the active condition answers 409). */
const excluirDesconto = (id: number) => callEndpoint(descontoApi.excluir, { params: { id } });

/** Every change also refreshes the store's active condition (the bag's gift threshold). */
export function useDescontoMutations() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: unitarioKeys.descontos }),
      queryClient.invalidateQueries({ queryKey: queryKeys.condicaoDescontoAtiva }),
    ]);
  return {
    salvar: useMutation({ mutationFn: salvarDesconto, onSuccess: refresh }),
    excluir: useMutation({
      mutationFn: excluirDesconto,
      onSuccess: (_r, id) => {
        queryClient.removeQueries({ queryKey: unitarioKeys.desconto(id) });
        return refresh();
      },
    }),
  };
}
