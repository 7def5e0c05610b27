import type { GiftProduct } from '@clinica/shared/gift';
import { produtoApi } from '@clinica/shared/schemas/produto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callEndpoint, isApiError } from './api-client';
import { queryKeys } from './query-keys';

/** GET /produto/produtobrinde: the gift product (`esgotado`: no unit left, ADR 032), or null when none is registered (404). */
async function fetchProdutoBrinde(signal?: AbortSignal): Promise<(GiftProduct & { esgotado?: boolean }) | null> {
  try {
    return await callEndpoint(produtoApi.brinde, { signal, auth: false });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

const produtoBrindeQuery = queryOptions({
  queryKey: queryKeys.produtoBrinde,
  queryFn: ({ signal }) => fetchProdutoBrinde(signal),
  staleTime: 5 * 60_000,
});

/** The gift product, fetched only when `enabled` (the bag earns the gift). A failure is only logged (docs/behaviour/README.md#errors-the-user-sees). */
export function useProdutoBrinde(enabled: boolean) {
  const query = useQuery({ ...produtoBrindeQuery, enabled });
  useEffect(() => {
    if (query.error) console.warn('Falha ao carregar o produto brinde.', query.error);
  }, [query.error]);
  return query;
}
