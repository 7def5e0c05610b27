/**
 * The order's price with its discounts, in the order ADR 024 fixes, pure and in integer cents, for the checkout
 * summary and for the API, which prices again from what it reloads (docs/architecture.md#money: the server is the
 * authority on money):
 *
 * 1. the products: the subtotal of the non-gift lines;
 * 2. the coupon: its discount, already worked out on the lines it applies to;
 * 3. the PIX discount, by PIX only, on the products after the coupon (never on the freight), and with a coupon only
 *    when the coupon says it adds up with PIX;
 * 4. the freight: free when the caller found the free-shipping rule met (free-shipping.ts) on the products after the
 *    coupon and before the PIX discount (`subtotalParaFreteGratis`), so choosing PIX never loses free shipping;
 * 5. the total: products − coupon − PIX + freight. Card installments are worked out afterwards on this total
 *    (installments.ts).
 *
 * Inputs are made sane rather than refused: amounts are rounded to the cent and negatives (or non-numbers) count as
 * 0, and the coupon is held within [0, products].
 */
import { type Cents } from './money.js';
import { pixDiscount } from './pix-discount.js';

export type MetodoPagamento = 'credit' | 'pix' | 'boleto';

export interface OrderPricingInput {
  /** The products' subtotal (non-gift lines). */
  itens: Cents;
  /** The coupon's discount, worked out on its eligible lines. */
  cupom: Cents;
  /** Whether the coupon adds up with the PIX discount. */
  cupomAcumulaPix: boolean;
  metodo: MetodoPagamento;
  /** The store's PIX discount, percent. */
  pixPercent: number;
  /** The chosen freight's price. */
  frete: Cents;
  /** Decided by the caller with freeShippingApplies on subtotalParaFreteGratis. */
  freteGratis: boolean;
}

export interface OrderPricing {
  itens: Cents;
  descontoCupom: Cents;
  descontoPix: Cents;
  /** The freight charged: 0 when free. */
  frete: Cents;
  /** itens − descontoCupom − descontoPix + frete. */
  total: Cents;
  /** itens − descontoCupom: what the free-shipping rule is judged on. */
  subtotalParaFreteGratis: Cents;
}

const cents = (value: Cents): Cents => (Number.isFinite(value) ? Math.max(0, Math.round(value)) : 0);

/** The order's price: see the top of this file. */
export function priceOrder(input: OrderPricingInput): OrderPricing {
  const itens = cents(input.itens);
  const descontoCupom = Math.min(itens, cents(input.cupom));
  const subtotalParaFreteGratis = itens - descontoCupom;
  const pixAllowed = input.metodo === 'pix' && (descontoCupom === 0 || input.cupomAcumulaPix);
  const descontoPix = pixAllowed ? pixDiscount(subtotalParaFreteGratis, input.pixPercent) : 0;
  const frete = input.freteGratis ? 0 : cents(input.frete);
  const total = subtotalParaFreteGratis - descontoPix + frete;
  return { itens, descontoCupom, descontoPix, frete, total, subtotalParaFreteGratis };
}
