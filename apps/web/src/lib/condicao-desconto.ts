import { descontoApi, type CondicaoDesconto } from '@clinica/shared/schemas/desconto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callEndpoint, isApiError } from './api-client';
import { queryKeys } from './query-keys';

/** GET /condicaodesconto/ativa: the active discount condition, or null when there is none (404). */
async function fetchCondicaoAtiva(signal?: AbortSignal): Promise<CondicaoDesconto | null> {
  try {
    return await callEndpoint(descontoApi.ativa, { signal, auth: false });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

const condicaoAtivaQuery = queryOptions({
  queryKey: queryKeys.condicaoDescontoAtiva,
  queryFn: ({ signal }) => fetchCondicaoAtiva(signal),
  staleTime: 5 * 60_000,
});

/** The active condition (`valor`: the gift threshold in cents). A failure is only logged (docs/behaviour/README.md#errors-the-user-sees). */
export function useCondicaoAtiva() {
  const query = useQuery(condicaoAtivaQuery);
  useEffect(() => {
    if (query.error) console.warn('Falha ao carregar a condição de desconto ativa.', query.error);
  }, [query.error]);
  return query;
}
