import { applyGift, cartEarnsGift, giftProgress, type GiftProgress } from '@clinica/shared/gift';
import { MSG_ESTOQUE } from '@clinica/shared/messages-estoque';
import type { Cents } from '@clinica/shared/money';
import { useEffect } from 'react';
import { updateCart, type StoredCartItem } from './cart-storage';
import { useCondicaoAtiva } from './condicao-desconto';
import { useProdutoBrinde } from './produto-brinde';

export interface GiftState {
  /** The threshold in cents; null when there is no active condition; undefined while unknown (loading or failed). */
  thresholdCents: Cents | null | undefined;
  /** What the bar shows, or null (no condition, still loading, or an empty bag). */
  progress: GiftProgress | null;
}

/**
 * The gift rule (docs/behaviour/bag-and-checkout.md#gift), kept true while mounted (by the bag drawer, and by /checkout,
 * whose layout has no header to mount the drawer): when the non-gift subtotal reaches
 * the active condition's `valor` the gift product is added (quantity 1, value
 * 0), and it is removed below it, through the shared `applyGift`. Nothing is
 * applied while the condition is unknown (loading or failed); with no active
 * condition (404) a gift line is removed. The gift product is fetched only
 * once the bag earns it. `semBrinde`: the bag's coupon does not combine with the gift, so none is given.
 */
export function useGift(items: readonly StoredCartItem[], subtotalCents: Cents, semBrinde = false): GiftState {
  const condicao = useCondicaoAtiva();
  const known = condicao.isSuccess;
  // A coupon that does not combine with the gift (ADR 025): as without an active condition, no gift.
  const thresholdCents = known ? (semBrinde ? null : (condicao.data?.valor ?? null)) : undefined;
  const earns = known && cartEarnsGift(items, thresholdCents);
  const brinde = useProdutoBrinde(earns);
  const giftProduct = brinde.data ?? null;
  // A gift with no unit left (ADR 032) is not promised: no gift line, and the bar says so once reached.
  const esgotado = giftProduct?.esgotado === true;

  useEffect(() => {
    if (!known) return;
    updateCart((current) =>
      esgotado
        ? current.some((l) => l.brinde)
          ? current.filter((l) => !l.brinde)
          : current
        : applyGift(current, thresholdCents, giftProduct),
    );
  }, [known, thresholdCents, giftProduct, esgotado, items]);

  const barra = known && items.length > 0 ? giftProgress(subtotalCents, thresholdCents) : null;
  const progress = barra && esgotado && barra.reached ? { ...barra, text: MSG_ESTOQUE.brindeEsgotado } : barra;
  return { thresholdCents, progress };
}
