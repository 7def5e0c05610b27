import { clienteApi } from '@clinica/shared/schemas/cliente';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from './api-client';
import { queryKeys } from './query-keys';

/** GET /profile/{userId}: the customer's own data (person or company, phone, address, e-mail and its status). */
const fetchPerfil = (userId: number, signal?: AbortSignal) =>
  callEndpoint(clienteApi.perfil, { params: { userId }, signal });

/** One cache entry for the profile page and the checkout; private data, dropped at sign-out (app/providers.tsx). */
export const perfilQuery = (userId: number) =>
  queryOptions({
    queryKey: queryKeys.perfil(userId),
    queryFn: ({ signal }) => fetchPerfil(userId, signal),
    meta: { private: true },
  });

export const usePerfil = (userId: number) => useQuery({ ...perfilQuery(userId), enabled: userId > 0 });
