/**
 * Card installments (docs/behaviour/payments.md#installments): the provider's offer for an amount, and the
 * customer's choice checked against it. The server is the authority on money (ADR 010): a count it does not offer,
 * or one whose installment or total is not the offer's, is refused before anything is charged.
 */
import type { InstallmentPlan } from '@clinica/shared/installment-plan';
import type { InstallmentOption, InstallmentRule } from '@clinica/shared/installments';
import { MSG_API } from '@clinica/shared/messages-api';
import type { Cents } from '@clinica/shared/money';
import type { Parcelamento } from '@clinica/shared/schemas/parcelamento';
import { ProvedorIndisponivelError, type PaymentProvider } from '../../integrations/payments/payment-provider.js';
import { AppError, conflict } from '../../lib/errors.js';

export function createParcelamento(provider: Pick<PaymentProvider, 'parcelas'>) {
  /** The provider's offer for `valorCents` (1x first); 503 when the provider cannot be reached. */
  async function opcoes(valorCents: Cents, bin: string | null, regra: InstallmentRule): Promise<InstallmentOption[]> {
    try {
      return await provider.parcelas({ valorCents, bin, regra });
    } catch (err) {
      if (err instanceof ProvedorIndisponivelError) {
        throw Object.assign(new AppError(503, MSG_API.pagamentoProvedorIndisponivel), { cause: err });
      }
      throw err;
    }
  }

  /**
   * The installments a card pays `valorCents` with: the customer's choice (absent, 1x) when the offer has that
   * count with that very installment and total. 409 otherwise, on `campo` ('parcelamento', or
   * 'pagamento.parcelamento' at the order's creation). 1x needs no offer: it is the amount itself.
   */
  async function escolhido(
    valorCents: Cents,
    escolha: Parcelamento | null | undefined,
    bin: string | null | undefined,
    regra: InstallmentRule,
    campo: string,
  ): Promise<InstallmentPlan> {
    const parcelas = escolha?.parcelas ?? 1;
    const divergente = (o: InstallmentPlan) =>
      escolha && (escolha.valorParcela !== o.valorParcela || escolha.total !== o.total);
    const aVista = { parcelas: 1, valorParcela: valorCents, total: valorCents };
    let oferta: InstallmentPlan | undefined = aVista;
    if (parcelas > 1) oferta = (await opcoes(valorCents, bin ?? null, regra)).find((o) => o.parcelas === parcelas);
    if (!oferta) {
      throw conflict(MSG_API.parcelamentoIndisponivel, {
        errors: [{ campo: `${campo}.parcelas`, mensagem: MSG_API.parcelamentoIndisponivel }],
      });
    }
    if (divergente(oferta)) {
      throw conflict(MSG_API.parcelamentoDivergente, {
        errors: [{ campo: `${campo}.total`, mensagem: MSG_API.parcelamentoDivergente }],
      });
    }
    return { parcelas, valorParcela: oferta.valorParcela, total: oferta.total };
  }

  return { opcoes, escolhido };
}

export type ParcelamentoService = ReturnType<typeof createParcelamento>;
