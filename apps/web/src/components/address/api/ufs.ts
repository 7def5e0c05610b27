import { enderecoApi, type Uf } from '@clinica/shared/schemas/endereco';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { notifyApiError } from '../../ui/toast';

/** GET /uf/: the 27 states (IBGE code, abbreviation, name), by name. */
const fetchUfs = (signal?: AbortSignal) => callEndpoint(enderecoApi.ufs, { signal });

const ufsQuery = queryOptions({
  queryKey: queryKeys.ufs,
  queryFn: ({ signal }) => fetchUfs(signal),
  staleTime: Infinity,
  gcTime: 60 * 60_000,
});

const NO_UFS: Uf[] = [];

/**
 * The states, loaded when an address block mounts. On failure the list is
 * empty and the server's message is shown as a toast (docs/behaviour/forms-and-validation.md#address).
 */
export function useUfs() {
  const query = useQuery(ufsQuery);
  useEffect(() => {
    if (query.error) notifyApiError(query.error, undefined, { toastId: 'ufs-error' });
  }, [query.error]);
  return { ...query, ufs: query.data ?? NO_UFS };
}
