/**
 * A card purchase's installments once chosen (docs/behaviour/payments.md#installments): the option the API offers
 * (GET /pagamento/parcelas) as the shared InstallmentOption the labels are written from (installments.ts), and the
 * plan an order was paid with as the order screens and e-mails write it.
 */
import type { InstallmentOption } from './installments.js';
import { MSG } from './messages.js';
import { formatBRL, type Cents } from './money.js';

/** The installments of a payment: the count, the regular installment and the total charged, interest included. */
export interface InstallmentPlan {
  parcelas: number;
  valorParcela: Cents;
  total: Cents;
}

/**
 * An option as the API answers it (count, regular installment, total and rates) for `amount`, as an
 * InstallmentOption: every installment but the last is the regular one and the last takes the difference (ADR 024),
 * the interest is what the total adds to the amount.
 */
export function optionOfOffer(
  amount: Cents,
  offer: InstallmentPlan & { jurosMensal: number; jurosAnual: number; semJuros: boolean },
): InstallmentOption {
  const { parcelas, valorParcela, total } = offer;
  return {
    parcelas,
    valorParcela,
    parcelasCents: Array.from({ length: parcelas }, (_, k) =>
      k === parcelas - 1 ? total - valorParcela * (parcelas - 1) : valorParcela,
    ),
    total,
    jurosMensal: offer.jurosMensal,
    jurosAnual: offer.jurosAnual,
    semJuros: offer.semJuros,
    custoJuros: total - amount,
  };
}

/** '6x de R$ 177,98 (total R$ 1.067,88)'; one installment: 'À vista: R$ 1.000,00'. */
export function formatInstallmentPlan(plan: InstallmentPlan): string {
  if (plan.parcelas <= 1) return MSG.parcelamentoAVista.replace('{valor}', formatBRL(plan.total));
  return MSG.parcelamentoPago
    .replace('{parcelas}', String(plan.parcelas))
    .replace('{valor}', formatBRL(plan.valorParcela))
    .replace('{total}', formatBRL(plan.total));
}

/** A card payment's installments as recorded (a row from before installments: 1x of its amount); null for PIX. */
export function installmentPlanOfPayment(p: {
  tipo: string;
  valor: Cents;
  parcelas: number | null;
  valorParcela: Cents | null;
  totalCobrado: Cents | null;
}): InstallmentPlan | null {
  if (p.tipo !== 'credit') return null;
  return { parcelas: p.parcelas ?? 1, valorParcela: p.valorParcela ?? p.valor, total: p.totalCobrado ?? p.valor };
}
