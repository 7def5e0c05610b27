import { categoriaApi, type CategoriaInput } from '@clinica/shared/schemas/categoria';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { unitarioKeys, type ListFilters } from './keys';

/** GET /categoria/listagem?nome&produtoDigital&page&size: categories by name, zero-based pages. */
const categoriaListagemQuery = (filters: ListFilters) =>
  queryOptions({
    queryKey: unitarioKeys.categoriaListagem(filters),
    queryFn: ({ signal }) =>
      callEndpoint(categoriaApi.listagem, {
        query: {
          nome: filters.texto,
          produtoDigital: filters.tipo === 'digital' ? 'true' : filters.tipo === 'fisico' ? 'false' : undefined,
          page: String(filters.page),
          size: String(filters.size),
        },
        signal,
      }),
    meta: { private: true },
    placeholderData: keepPreviousData,
  });

export const useCategoriaListagem = (filters: ListFilters) => useQuery(categoriaListagemQuery(filters));

/** GET /categoria/{id}. */
const categoriaQuery = (id: number) =>
  queryOptions({
    queryKey: unitarioKeys.categoria(id),
    queryFn: ({ signal }) => callEndpoint(categoriaApi.buscar, { params: { id }, signal }),
    meta: { private: true },
  });

export const useCategoria = (id: number | null) => useQuery({ ...categoriaQuery(id ?? 0), enabled: id !== null });

/** POST /categoria/create, or PUT /categoria/{id} when the category exists. */
const salvarCategoria = ({ id, body }: { id: number | null; body: CategoriaInput }) =>
  id === null
    ? callEndpoint(categoriaApi.criar, { body })
    : callEndpoint(categoriaApi.editar, { params: { id }, body: { id, ...body } });

/** DELETE /categoria/delete/{id} (409 while a product is in it). */
const excluirCategoria = (id: number) => callEndpoint(categoriaApi.excluir, { params: { id } });

export function useCategoriaMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: unitarioKeys.categorias });
  return {
    salvar: useMutation({ mutationFn: salvarCategoria, onSuccess: refresh }),
    excluir: useMutation({
      mutationFn: excluirCategoria,
      onSuccess: (_r, id) => {
        queryClient.removeQueries({ queryKey: unitarioKeys.categoria(id) });
        return refresh();
      },
    }),
  };
}
