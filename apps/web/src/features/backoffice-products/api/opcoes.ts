import { autorApi } from '@clinica/shared/schemas/autor';
import { categoriaApi } from '@clinica/shared/schemas/categoria';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { produtoAdminKeys } from './keys';

/** GET /autor/: every author, by name (the product's authors choice). */
const autoresQuery = queryOptions({
  queryKey: produtoAdminKeys.autores,
  queryFn: ({ signal }) => callEndpoint(autorApi.todos, { signal }),
  meta: { private: true },
  staleTime: 60_000,
});

export const useAutores = (enabled = true) => useQuery({ ...autoresQuery, enabled });

const CATEGORIAS = { todas: categoriaApi.todas, digitais: categoriaApi.digitais, fisicas: categoriaApi.fisicas };

/** GET /categoria/ (all), /categoria/AllDigital/ or /categoria/AllFisico/, by name. */
const categoriasQuery = (tipo: keyof typeof CATEGORIAS) =>
  queryOptions({
    queryKey: produtoAdminKeys.categorias(tipo),
    queryFn: ({ signal }) => callEndpoint(CATEGORIAS[tipo], { signal }),
    meta: { private: true },
    staleTime: 60_000,
  });

export const useCategorias = (tipo: keyof typeof CATEGORIAS) => useQuery(categoriasQuery(tipo));
