/**
 * The gift rule (docs/behaviour/bag-and-checkout.md#gift), pure and in integer cents, used by the bag
 * drawer and re-checked by the API.
 *
 * The threshold is the active discount condition's `valor` (cents). Choices
 * of our own:
 * - no active condition (threshold null, undefined, negative or not a number):
 *   there is no gift; applyGift removes a gift line and giftProgress is null
 *   (no bar). Callers that are still loading the condition should not call
 *   applyGift yet.
 * - threshold 0: every purchase earns the gift, but only a cart with at least
 *   one non-gift line (a bag holding the gift alone buys nothing); the bar is
 *   full.
 * - the gift line is told apart by `brinde: true`, not by its product id, so
 *   the gift product may also be sold as a normal line.
 */
import { cartSubtotalCents } from './cart.js';
import { MSG } from './messages.js';
import { formatBRL, type Cents } from './money.js';
import type { CartLine } from './schemas/cart.js';
import type { Brinde } from './schemas/produto.js';

/** What GET /produto/produtobrinde returns (docs/behaviour/catalogue-and-search.md#gift-product). */
export type GiftProduct = Pick<Brinde, 'id' | 'nome' | 'pathImgDestaque' | 'digital'>;

/** The threshold in cents when there is a gift programme, else null. */
export function giftThreshold(thresholdCents: Cents | null | undefined): Cents | null {
  if (typeof thresholdCents !== 'number' || !Number.isFinite(thresholdCents) || thresholdCents < 0) return null;
  return Math.round(thresholdCents);
}

/**
 * Whether a purchase earns the gift: a threshold exists, the subtotal of the
 * non-gift lines reaches it, and something is bought (`hasPurchase`: at least
 * one non-gift line). The API calls this with its own recomputed subtotal.
 */
export function giftEarned(
  subtotalCents: Cents,
  thresholdCents: Cents | null | undefined,
  hasPurchase: boolean,
): boolean {
  const threshold = giftThreshold(thresholdCents);
  return threshold !== null && hasPurchase && subtotalCents >= threshold;
}

/** giftEarned for a cart: subtotal of the non-gift amounts (negatives ignored). */
export const cartEarnsGift = (items: readonly CartLine[], thresholdCents: Cents | null | undefined): boolean =>
  giftEarned(
    cartSubtotalCents(items),
    thresholdCents,
    items.some((line) => !line.brinde),
  );

/** The gift's cart line: one unit, unit value 0, `brinde: true`. */
export const giftLine = (product: GiftProduct): CartLine => ({
  id: product.id,
  nome: product.nome,
  pathImg: product.pathImgDestaque ?? null,
  quantity: 1,
  unitaryValue: 0,
  amount: '0.00',
  brinde: true,
  digital: product.digital,
});

const sameLine = (a: CartLine, b: CartLine): boolean =>
  a.id === b.id &&
  a.nome === b.nome &&
  (a.pathImg ?? null) === (b.pathImg ?? null) &&
  a.quantity === b.quantity &&
  a.unitaryValue === b.unitaryValue &&
  a.amount === b.amount &&
  a.brinde === b.brinde &&
  a.digital === b.digital;

/**
 * Applies the gift rule to a cart. When the cart earns the gift
 * (cartEarnsGift) it ends with exactly one gift line: the current gift
 * product's (quantity 1, unit value 0), appended when none was there; an
 * existing gift line of another product or with another price is replaced.
 * With no gift product known (`giftProduct` null: not fetched or none
 * registered) an existing gift line is kept and none is added. When the cart
 * does not earn it, every gift line is removed.
 *
 * Returns the given array itself when nothing changes (so a caller can skip
 * writing storage), otherwise a new array; the given one is never changed.
 */
export function applyGift<T extends readonly CartLine[]>(
  items: T,
  thresholdCents: Cents | null | undefined,
  giftProduct: GiftProduct | null,
): T | CartLine[] {
  const gifts = items.filter((line) => line.brinde);
  if (!cartEarnsGift(items, thresholdCents)) {
    return gifts.length === 0 ? items : items.filter((line) => !line.brinde);
  }
  const wanted = giftProduct
    ? giftLine(giftProduct)
    : gifts[0]
      ? { ...gifts[0], quantity: 1, unitaryValue: 0, amount: '0.00' }
      : null;
  if (!wanted) return items;
  if (gifts.length === 1 && sameLine(gifts[0]!, wanted)) return items;
  let placed = false;
  const next: CartLine[] = [];
  for (const line of items) {
    if (!line.brinde) next.push(line);
    else if (!placed) {
      next.push(wanted);
      placed = true;
    }
  }
  if (!placed) next.push(wanted);
  return next;
}

/** What the bag drawer's gift bar shows. */
export interface GiftProgress {
  /** The subtotal reached the threshold. */
  reached: boolean;
  thresholdCents: Cents;
  /** What is still missing, 0 once reached. */
  missingCents: Cents;
  /** Bar fill, min(100, subtotal / threshold × 100), between 0 and 100; 100 when the threshold is 0. */
  percent: number;
  /** 'Faltam R$ X de R$ Y para o brinde!' or 'Você atingiu o valor para ganhar o brinde! 🎉'. */
  text: string;
}

/**
 * The gift bar for a subtotal of non-gift amounts (cartSubtotalCents), or
 * null when there is no gift programme (no bar). Only amounts count here: an
 * empty bag with threshold 0 reads as reached, and the drawer shows its empty
 * text instead of the bar anyway.
 */
export function giftProgress(subtotalCents: Cents, thresholdCents: Cents | null | undefined): GiftProgress | null {
  const threshold = giftThreshold(thresholdCents);
  if (threshold === null) return null;
  const current = Math.max(0, Math.round(subtotalCents));
  const reached = current >= threshold;
  const missingCents = reached ? 0 : threshold - current;
  const percent = threshold === 0 ? 100 : Math.min(100, (current / threshold) * 100);
  const text = reached
    ? MSG.brindeAtingido
    : MSG.faltamParaBrinde.replace('{faltam}', formatBRL(missingCents)).replace('{valor}', formatBRL(threshold));
  return { reached, thresholdCents: threshold, missingCents, percent, text };
}
