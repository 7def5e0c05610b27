import { produtoApi } from '@clinica/shared/schemas/produto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /produto/fisicodigital: the products of the header menus. */
const fetchFisicoDigital = (signal?: AbortSignal) => callEndpoint(produtoApi.fisicoDigital, { signal });

const fisicoDigitalQuery = queryOptions({
  queryKey: queryKeys.produtosFisicoDigital,
  queryFn: ({ signal }) => fetchFisicoDigital(signal),
  staleTime: 5 * 60_000,
});

/** A failure is only logged (docs/behaviour/README.md#errors-the-user-sees); the menus show their empty text. */
export function useFisicoDigital() {
  const query = useQuery(fisicoDigitalQuery);
  useEffect(() => {
    if (query.error) console.warn('Falha ao carregar os produtos do menu.', query.error);
  }, [query.error]);
  return query;
}
