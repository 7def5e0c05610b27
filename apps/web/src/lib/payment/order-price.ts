import type { InstallmentPlan } from '@clinica/shared/installment-plan';
import { MSG } from '@clinica/shared/messages';
import { formatBRL, fromCents, type Cents } from '@clinica/shared/money';
import { priceOrder, type OrderPricing } from '@clinica/shared/order-pricing';
import type { RegrasComerciais } from '@clinica/shared/schemas/comercial';
import type { TipoPagamento } from '@clinica/shared/schemas/pedido';

/**
 * What an order costs by a payment method, in ADR 024's order of discounts (the PIX discount off the products only):
 * the checkout's summary and the payment dialogs show it and send it as `valor`, which the server, pricing the
 * order the same way, checks (docs/behaviour/payments.md#pix-discount). No coupon nor free shipping yet.
 */
export function priceForMethod(
  base: { itens: Cents; frete: Cents },
  metodo: TipoPagamento,
  regras: RegrasComerciais,
): OrderPricing {
  return priceOrder({
    itens: base.itens,
    cupom: 0,
    cupomAcumulaPix: false,
    metodo,
    pixPercent: regras.pix.desconto,
    frete: base.frete,
    freteGratis: false,
  });
}

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
