import { empresaApi } from '@clinica/shared/schemas/empresa';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from './api-client';
import { queryKeys } from './query-keys';

/** GET /empresa/: the clinic's company data (footer, WhatsApp link). */
const fetchEmpresa = (signal?: AbortSignal) => callEndpoint(empresaApi.get, { signal });

export const empresaQuery = queryOptions({
  queryKey: queryKeys.empresa,
  queryFn: ({ signal }) => fetchEmpresa(signal),
  staleTime: 10 * 60_000,
});

export const useEmpresa = () => useQuery(empresaQuery);
