import { categoriaApi } from '@clinica/shared/schemas/categoria';
import { produtoAdminApi } from '@clinica/shared/schemas/produto-admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { cupomKeys } from './keys';

/** GET /categoria/: every category, by name (a CATEGORIAS coupon's choice). */
export const useCategorias = (enabled: boolean) =>
  useQuery({
    queryKey: cupomKeys.categorias,
    queryFn: ({ signal }) => callEndpoint(categoriaApi.todas, { signal }),
    meta: { private: true },
    staleTime: 60_000,
    enabled,
  });

/** How many products a search shows. */
const PRODUTOS_POR_BUSCA = 8;

/** GET /produto/listagem?nome: the products whose name has `nome` (a PRODUTOS coupon's choice); 2 letters or more. */
export const useBuscaProdutos = (nome: string) =>
  useQuery({
    queryKey: cupomKeys.produtos(nome),
    queryFn: ({ signal }) =>
      callEndpoint(produtoAdminApi.listagem, {
        query: { nome, size: String(PRODUTOS_POR_BUSCA), page: '0' },
        signal,
      }),
    meta: { private: true },
    enabled: nome.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
