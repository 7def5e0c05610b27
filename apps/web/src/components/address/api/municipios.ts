import { enderecoApi, type Municipio } from '@clinica/shared/schemas/endereco';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { notifyApiError } from '../../ui/toast';

/** GET /municipio/estado/{ufId}: the cities of a state (IBGE code and name), by name. */
const fetchMunicipios = (ufId: number, signal?: AbortSignal) =>
  callEndpoint(enderecoApi.municipios, { params: { ufId }, signal });

const municipiosQuery = (ufId: number) =>
  queryOptions({
    queryKey: queryKeys.municipios(ufId),
    queryFn: ({ signal }) => fetchMunicipios(ufId, signal),
    staleTime: Infinity,
    gcTime: 30 * 60_000,
  });

const NO_CITIES: Municipio[] = [];

/**
 * The cities of the chosen state (none while no state is chosen). A failure
 * shows the server's message as a toast (docs/behaviour/forms-and-validation.md#address).
 */
export function useMunicipios(ufId: number | null) {
  const query = useQuery({ ...municipiosQuery(ufId ?? 0), enabled: ufId !== null });
  useEffect(() => {
    if (query.error) notifyApiError(query.error, undefined, { toastId: `municipios-error-${ufId}` });
  }, [query.error, ufId]);
  return { ...query, municipios: query.data ?? NO_CITIES };
}
