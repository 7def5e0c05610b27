import { cardBin, expiryParts, identificationType, type CardInput } from '@clinica/shared/card';
import { onlyAlphanumeric } from '@clinica/shared/documents';
import { digitsOnly, maskCardNumber } from '@clinica/shared/masks';
import { MSG } from '@clinica/shared/messages';
import type { ConfiguracaoPagamento } from '@clinica/shared/schemas/pagamento';
import { sandboxCartaoToken, sandboxMetodos } from './api';
import { mercadoPago, type MercadoPagoCardTokenInput } from './mercadopago';

/** Thrown with a pt-BR message fit for a toast. */
export class PaymentError extends Error {}

export interface VerificacaoCartao {
  /** The number as the field shows it (groups). */
  valueMasked: string;
  /** The provider reports the bin as active (only then is the number accepted). */
  mpAceita: boolean;
  /** visa, master, amex, elo… (null when unknown). */
  paymentMethodId: string | null;
}

async function metodos(config: ConfiguracaoPagamento, bin: string) {
  if (config.provedor === 'mercadopago' && config.publicKey) {
    const mp = await mercadoPago(config.publicKey);
    return (await mp.getPaymentMethods({ bin })).results;
  }
  return (await sandboxMetodos(bin)).results;
}

/**
 * The card-number check (docs/behaviour/payments.md#card-number-check): the payment methods of the
 * first 8 digits (the provider's lookup) tell whether the card is accepted.
 * Fails with 'Erro ao buscar métodos de pagamento'.
 */
export async function verificarCartao(config: ConfiguracaoPagamento, numero: string): Promise<VerificacaoCartao> {
  const valueMasked = maskCardNumber(numero);
  const bin = cardBin(numero);
  if (!bin) return { valueMasked, mpAceita: false, paymentMethodId: null };
  let results;
  try {
    results = await metodos(config, bin);
  } catch {
    throw new PaymentError(MSG.erroMetodosPagamento);
  }
  const ativo = results.find((m) => m.status === 'active');
  return { valueMasked, mpAceita: Boolean(ativo), paymentMethodId: ativo?.id ?? results[0]?.id ?? null };
}

export interface CartaoTokenizado {
  token: string;
  paymentMethodId: string;
}

/**
 * Tokenizes the card in the browser (docs/integrations.md#browser-sdk): the sandbox tokenizer, or
 * MercadoPago.js createCardToken when Mercado Pago is configured. Only the
 * token and the brand go on to our API; the number never does. Fails with
 * 'Erro ao processar cartão. Verifique os dados.'.
 */
export async function tokenizarCartao(config: ConfiguracaoPagamento, card: CardInput): Promise<CartaoTokenizado> {
  const expiry = expiryParts(card.validade);
  if (!expiry) throw new PaymentError(MSG.erroProcessarCartao);
  const input: MercadoPagoCardTokenInput = {
    cardNumber: digitsOnly(card.numero),
    cardholderName: card.nome.trim(),
    cardExpirationMonth: expiry.month,
    cardExpirationYear: expiry.year,
    securityCode: digitsOnly(card.cvc),
    identificationType: identificationType(card.documento),
    identificationNumber: onlyAlphanumeric(card.documento),
  };
  try {
    if (config.provedor === 'mercadopago' && config.publicKey) {
      const mp = await mercadoPago(config.publicKey);
      const [token, verificacao] = await Promise.all([mp.createCardToken(input), verificarCartao(config, card.numero)]);
      const paymentMethodId = token.payment_method_id ?? verificacao.paymentMethodId;
      if (!token.id || !paymentMethodId) throw new PaymentError(MSG.erroProcessarCartao);
      return { token: token.id, paymentMethodId };
    }
    const token = await sandboxCartaoToken(input);
    return { token: token.id, paymentMethodId: token.payment_method_id };
  } catch {
    throw new PaymentError(MSG.erroProcessarCartao);
  }
}
