import { enderecoApi } from '@clinica/shared/schemas/endereco';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callEndpoint } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET /viacep/{cep}: the address of a CEP (8 digits): bairro, logradouro,
 * uf {id} and municipio {id} (null when only the state is known). Unknown
 * CEP: 404 with a pt-BR message.
 */
const fetchViaCep = (cep: string, signal?: AbortSignal) =>
  callEndpoint(enderecoApi.viaCep, { params: { cep }, signal });

/** A lookup is asked for once per CEP; a failure is not retried (the form unlocks instead). */
export const viaCepQuery = (cep: string) =>
  queryOptions({
    queryKey: queryKeys.viaCep(cep),
    queryFn: ({ signal }) => fetchViaCep(cep, signal),
    staleTime: 60 * 60_000,
    retry: false,
  });

/** The lookup as a function (it runs when the CEP field completes its 8 digits, not on render). */
export function useViaCepLookup() {
  const queryClient = useQueryClient();
  return useCallback((cep: string) => queryClient.fetchQuery(viaCepQuery(cep)), [queryClient]);
}
