import { MSG } from '@clinica/shared/messages';
import { clienteApi } from '@clinica/shared/schemas/cliente';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notifyError } from '../../../components/ui/toast';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { CHECKOUT_TOAST } from '../checkout-toast';

/** GET /profile/{userId}: the customer's data, to prefill the checkout (SPEC §2 /checkout). */
export const fetchPerfil = (userId: number, signal?: AbortSignal) =>
  callEndpoint(clienteApi.perfil, { params: { userId }, signal });

/** Same cache entry as the profile page; private data, dropped at sign-out (app/providers.tsx). */
export const perfilQuery = (userId: number) =>
  queryOptions({
    queryKey: queryKeys.perfil(userId),
    queryFn: ({ signal }) => fetchPerfil(userId, signal),
    meta: { private: true },
    retry: false,
  });

/**
 * The signed-in customer's profile. A failure shows 'Erro ao carregar seus
 * dados. entre em contato com nosso suporte' (SPEC §8) and the forms stay
 * empty for the customer to fill.
 */
export function useCheckoutPerfil(userId: number) {
  const query = useQuery({ ...perfilQuery(userId), enabled: userId > 0 });
  useEffect(() => {
    if (query.error) notifyError(MSG.erroCarregarDados, { ...CHECKOUT_TOAST, toastId: 'checkout-perfil-error' });
  }, [query.error]);
  return query;
}
