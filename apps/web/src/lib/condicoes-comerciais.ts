import { comercialApi } from '@clinica/shared/schemas/comercial';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from './api-client';

/**
 * GET /condicoescomerciais/: the store's commercial rules (docs/behaviour/payments.md#commercial-rules), read by the
 * product cards and page (the PIX price, the installment offer) and by the checkout. The server prices every order
 * with the rules in force, so a minute-old copy at most shows an offer it then corrects.
 */
export const condicoesComerciaisQuery = queryOptions({
  queryKey: ['condicoescomerciais'] as const,
  queryFn: ({ signal }) => callEndpoint(comercialApi.get, { signal, auth: false }),
  staleTime: 60_000,
});

export const useCondicoesComerciais = () => useQuery(condicoesComerciaisQuery);
