import { autorApi, type AutorInput } from '@clinica/shared/schemas/autor';
import { imagemApi } from '@clinica/shared/schemas/imagem';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, callUpload } from '../../../lib/api-client';
import { unitarioKeys, type ListFilters } from './keys';

/** GET /autor/listagem?nome&page&size: authors by name, zero-based pages. */
const autorListagemQuery = (filters: ListFilters) =>
  queryOptions({
    queryKey: unitarioKeys.autorListagem(filters),
    queryFn: ({ signal }) =>
      callEndpoint(autorApi.listagem, {
        query: { nome: filters.texto, page: String(filters.page), size: String(filters.size) },
        signal,
      }),
    meta: { private: true },
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useAutorListagem = (filters: ListFilters) => useQuery(autorListagemQuery(filters));

/** GET /autor/{id}. */
const autorQuery = (id: number) =>
  queryOptions({
    queryKey: unitarioKeys.autor(id),
    queryFn: ({ signal }) => callEndpoint(autorApi.buscar, { params: { id }, signal }),
    meta: { private: true },
  });

export const useAutor = (id: number | null) => useQuery({ ...autorQuery(id ?? 0), enabled: id !== null });

/** POST /autor/create, or PUT /autor/editar/{id} when the author exists. */
const salvarAutor = ({ id, body }: { id: number | null; body: AutorInput }) =>
  id === null
    ? callEndpoint(autorApi.criar, { body })
    : callEndpoint(autorApi.editar, { params: { id }, body: { id, ...body } });

/** POST /autor/save/imgautor/{id}, multipart `imagem`: the author's photo. */
function enviarFotoAutor({ id, file }: { id: number; file: File }) {
  const form = new FormData();
  form.append('imagem', file, file.name);
  return callUpload(imagemApi.enviarAutor, { params: { id }, form });
}

/** DELETE /autor/delete/{id} (409 while a product names the author). */
const excluirAutor = (id: number) => callEndpoint(autorApi.excluir, { params: { id } });

/** Saves, sends the photo, deletes; every change refreshes the author lists (and the author's own entry). */
export function useAutorMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: unitarioKeys.autores });
  return {
    salvar: useMutation({ mutationFn: salvarAutor, onSuccess: refresh }),
    enviarFoto: useMutation({ mutationFn: enviarFotoAutor, onSettled: refresh }),
    excluir: useMutation({
      mutationFn: excluirAutor,
      onSuccess: (_r, id) => {
        queryClient.removeQueries({ queryKey: unitarioKeys.autor(id) });
        return refresh();
      },
    }),
  };
}
