import { MSG } from '@clinica/shared/messages';
import type { Cents } from '@clinica/shared/money';
import type { FreteItem } from '@clinica/shared/schemas/frete';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { freteQuery } from '../../../components/freight/api/frete';
import { notifyError } from '../../../components/ui/toast';
import { CHECKOUT_TOAST } from '../checkout-toast';

/**
 * The freight quote, asked for whenever the CEP (or the lines that ship)
 * changes (docs/behaviour/bag-and-checkout.md#freight), with the products after the coupon so free shipping shows
 * (docs/behaviour/bag-and-checkout.md#free-shipping). Nothing is asked while the CEP is incomplete or
 * nothing ships. A failure shows 'Erro ao calcular frete. tente novamente em
 * alguns instantes'.
 */
export function useFrete(cep: string, pedidoProdutos: FreteItem[], subtotalCents?: Cents) {
  const enabled = /^\d{8}$/.test(cep) && pedidoProdutos.length > 0;
  const query = useQuery({ ...freteQuery(cep, pedidoProdutos, subtotalCents), enabled });
  const { error, errorUpdatedAt } = query;
  useEffect(() => {
    if (error) notifyError(MSG.erroCalcularFrete, { ...CHECKOUT_TOAST, toastId: `frete-error-${errorUpdatedAt}` });
  }, [error, errorUpdatedAt]);
  return { ...query, enabled };
}
