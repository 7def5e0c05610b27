import { MSG } from '@clinica/shared/messages';
import { freteApi, type FreteItem, type OpcaoFrete } from '@clinica/shared/schemas/frete';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notifyError } from '../../../components/ui/toast';
import { callEndpoint } from '../../../lib/api-client';
import { CHECKOUT_TOAST } from '../checkout-toast';

/** POST /frete/calcular: the freight options for a CEP (8 digits) and the lines that ship. */
const fetchFrete = (cep: string, pedidoProdutos: FreteItem[], signal?: AbortSignal) =>
  callEndpoint(freteApi.calcular, { body: { cep, pedidoProdutos }, signal });

/** A freight option (docs/behaviour/bag-and-checkout.md#freight): two options are shown. */
const FRETE_OPCOES_MOSTRADAS = 2;

const freteQuery = (cep: string, pedidoProdutos: FreteItem[]) =>
  queryOptions({
    queryKey: ['frete', 'calcular', cep, pedidoProdutos] as const,
    queryFn: ({ signal }) => fetchFrete(cep, pedidoProdutos, signal),
    select: (options: OpcaoFrete[]) => options.slice(0, FRETE_OPCOES_MOSTRADAS),
    staleTime: 5 * 60_000,
    retry: false,
    meta: { private: true },
  });

/**
 * The freight quote, asked for whenever the CEP (or the lines that ship)
 * changes (docs/behaviour/bag-and-checkout.md#freight). Nothing is asked while the CEP is incomplete or
 * nothing ships. A failure shows 'Erro ao calcular frete. tente novamente em
 * alguns instantes'.
 */
export function useFrete(cep: string, pedidoProdutos: FreteItem[]) {
  const enabled = /^\d{8}$/.test(cep) && pedidoProdutos.length > 0;
  const query = useQuery({ ...freteQuery(cep, pedidoProdutos), enabled });
  const { error, errorUpdatedAt } = query;
  useEffect(() => {
    if (error) notifyError(MSG.erroCalcularFrete, { ...CHECKOUT_TOAST, toastId: `frete-error-${errorUpdatedAt}` });
  }, [error, errorUpdatedAt]);
  return { ...query, enabled };
}
