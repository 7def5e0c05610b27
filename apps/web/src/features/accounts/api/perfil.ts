import { clienteApi } from '@clinica/shared/schemas/cliente';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /profile/{userId}: the customer's own data (person or company, phone, address, e-mail and its status). */
export const fetchPerfil = (userId: number, signal?: AbortSignal) =>
  callEndpoint(clienteApi.perfil, { params: { userId }, signal });

/** Private data: dropped from the cache at sign-out (app/providers.tsx). */
export const perfilQuery = (userId: number) =>
  queryOptions({
    queryKey: queryKeys.perfil(userId),
    queryFn: ({ signal }) => fetchPerfil(userId, signal),
    meta: { private: true },
  });

export const usePerfil = (userId: number) => useQuery({ ...perfilQuery(userId), enabled: userId > 0 });
