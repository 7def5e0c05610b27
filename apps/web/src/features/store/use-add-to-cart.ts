import { cartLine, type CartProduct } from '@clinica/shared/cart';
import { MSG } from '@clinica/shared/messages';
import { useCallback } from 'react';
import { notifyError, notifyInfo, notifySuccess } from '../../components/ui/toast';
import { addToCart } from '../../lib/cart-storage';
import { PRODUCT_TOASTS } from './product-toaster';

/** What adding did, for the screen: `invalid` means quantity 0 (docs/behaviour/forms-and-validation.md#field-rules). */
export type AddResult = 'added' | 'increased' | 'unchanged' | 'invalid';

/**
 * Adds a product to the stored cart (`@shoppingCartItems`) and tells the user
 * with a toast in the product pages' container (at most 4 at once, docs/behaviour/timings-and-limits.md#toasts).
 * The header badge updates through the cart storage's events.
 */
export function useAddToCart() {
  return useCallback((product: CartProduct, quantity: number): AddResult => {
    if (!Number.isInteger(quantity) || quantity <= 0) {
      notifyError(MSG.quantidadeMaiorQueZero, PRODUCT_TOASTS);
      return 'invalid';
    }
    const outcome = addToCart(cartLine(product, product.digital ? 1 : quantity));
    if (outcome === 'added') notifySuccess(MSG.produtoAdicionado, PRODUCT_TOASTS);
    else if (outcome === 'increased') notifySuccess(MSG.quantidadeAtualizada, PRODUCT_TOASTS);
    else if (product.digital) notifyInfo(MSG.produtoDigitalNoCarrinho, PRODUCT_TOASTS);
    return outcome;
  }, []);
}
