import type { InstallmentPlan } from '@clinica/shared/installment-plan';
import { MSG } from '@clinica/shared/messages';
import { formatBRL, fromCents, type Cents } from '@clinica/shared/money';
import { priceOrder, type OrderPricing } from '@clinica/shared/order-pricing';
import type { RegrasComerciais } from '@clinica/shared/schemas/comercial';
import type { Pedido, TipoPagamento } from '@clinica/shared/schemas/pedido';

/** What an order is priced on: its products, its coupon (0: none) and its freight, free or not (ADR 028). */
export interface PriceBase {
  itens: Cents;
  frete: Cents;
  cupom?: { desconto: Cents; acumulaPix: boolean } | null | undefined;
  freteGratis?: boolean | undefined;
}

/**
 * What an order costs by a payment method, in ADR 024's order of discounts (the coupon, then the PIX discount off
 * the products only, with a coupon only when it combines with PIX; free shipping): the checkout's summary and the
 * payment dialogs show it and send it as `valor`, which the server, pricing the order the same way, checks
 * (docs/behaviour/payments.md#pix-discount).
 */
export function priceForMethod(base: PriceBase, metodo: TipoPagamento, regras: RegrasComerciais): OrderPricing {
  return priceOrder({
    itens: base.itens,
    cupom: base.cupom?.desconto ?? 0,
    cupomAcumulaPix: base.cupom?.acumulaPix ?? false,
    metodo,
    pixPercent: regras.pix.desconto,
    frete: base.frete,
    freteGratis: base.freteGratis ?? false,
  });
}

/** An order's price base as the API answers it: its products, coupon and (already charged) freight. */
export const priceBaseOfOrder = (pedido: Pick<Pedido, 'valorProdutos' | 'valorFrete' | 'cupom'>): PriceBase => ({
  itens: pedido.valorProdutos,
  frete: pedido.valorFrete,
  cupom: pedido.cupom,
});

/** An installment plan in cents as the API takes it (reais with two decimals). */
export const planOnWire = (plan: InstallmentPlan) => ({
  parcelas: plan.parcelas,
  valorParcela: fromCents(plan.valorParcela),
  total: fromCents(plan.total),
});

/** The PIX discount as the summaries write it: 'Desconto PIX (5%)' and '−R$ 25,00'. */
export const descontoPixText = (regras: RegrasComerciais, cents: Cents) => ({
  label: MSG.descontoPixLinha.replace('{percentual}', String(regras.pix.desconto).replace('.', ',')),
  value: `−${formatBRL(cents)}`,
});
