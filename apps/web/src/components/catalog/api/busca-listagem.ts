import { produtoApi } from '@clinica/shared/schemas/produto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callEndpoint } from '../../../lib/api-client';
import { catalogKeys } from './keys';

/** The contract's limit on the search text (`pesquisaSchema`: at most 100 characters). */
const MAX_PESQUISA = 100;

/** The search text as sent: trimmed and cut to the contract's limit. */
export const normalizePesquisa = (text: string): string => text.trim().slice(0, MAX_PESQUISA).trim();

/** GET /produto/buscaNomeListagem?pesquisaProduto=: products whose name matches (accent- and typo-tolerant). */
const fetchBuscaListagem = (pesquisaProduto: string, signal?: AbortSignal) =>
  callEndpoint(produtoApi.buscaListagem, { query: { pesquisaProduto }, signal });

const buscaListagemQuery = (termo: string) =>
  queryOptions({
    queryKey: catalogKeys.busca(termo),
    queryFn: ({ signal }) => fetchBuscaListagem(termo, signal),
    staleTime: 60_000,
  });

/** A failure is only logged (docs/behaviour/README.md#errors-the-user-sees); the screen offers to try again. */
export function useBuscaListagem(termo: string) {
  const query = useQuery({ ...buscaListagemQuery(termo), enabled: termo.length > 0 });
  useEffect(() => {
    if (query.error) console.warn('Falha na busca de produtos.', query.error);
  }, [query.error]);
  return query;
}
