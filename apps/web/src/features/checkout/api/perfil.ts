import { MSG } from '@clinica/shared/messages';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notifyError } from '../../../components/ui/toast';
import { perfilQuery } from '../../../lib/perfil';
import { CHECKOUT_TOAST } from '../checkout-toast';

/**
 * The signed-in customer's profile, to prefill the checkout (docs/behaviour/bag-and-checkout.md#checkout
 * /checkout), without retries. A failure shows 'Erro ao carregar seus
 * dados. entre em contato com nosso suporte' and the forms stay
 * empty for the customer to fill.
 */
export function useCheckoutPerfil(userId: number) {
  const query = useQuery({ ...perfilQuery(userId), retry: false, enabled: userId > 0 });
  useEffect(() => {
    if (query.error) notifyError(MSG.erroCarregarDados, { ...CHECKOUT_TOAST, toastId: 'checkout-perfil-error' });
  }, [query.error]);
  return query;
}
