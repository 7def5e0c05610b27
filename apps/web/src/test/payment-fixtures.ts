/** The sandbox card services' answers (PAYMENT_PROVIDER=sandbox) for the tests of the card form and the checkout. */
import { installmentOptions } from '@clinica/shared/installments';
import { fromCents, toCents } from '@clinica/shared/money';
import { pagamentoApi } from '@clinica/shared/schemas/pagamento';
import { sandboxPagamentoApi } from '@clinica/shared/schemas/sandbox';
import { okFor, type MockHandler } from './api-mock';
import { REGRAS_DEMO } from './comercial-fixtures';

/** GET /api/pagamento/configuracao: the offline sandbox, no public key. */
export const CONFIG_SANDBOX = okFor(pagamentoApi.configuracao, { provedor: 'sandbox', publicKey: null });

/** GET /api/sandbox/cartao/metodos: one credit card method (the card's issuer, looked up by its first digits). */
export const metodoCartao = (status = 'active', id = 'visa', nome = id) =>
  okFor(sandboxPagamentoApi.metodos, {
    results: [{ id, name: nome, payment_type_id: 'credit_card', status, issuer: { id: 1, name: nome } }],
  });

/** POST /api/sandbox/cartao/token (201, the endpoint's status): Mercado Pago's Visa test card, holder APRO. */
export const TOKEN_CARTAO = okFor(sandboxPagamentoApi.cartaoToken, {
  id: 'tok_123',
  first_six_digits: '423564',
  last_four_digits: '5682',
  payment_method_id: 'visa',
  expiration_month: 11,
  expiration_year: 2030,
  cardholder: { name: 'APRO' },
});

/**
 * GET /api/pagamento/parcelas as the sandbox answers it: the demo store's rule (REGRAS_DEMO) for the amount asked,
 * worked out with the shared rule (installments.ts).
 */
export const PARCELAS_SANDBOX: MockHandler = ({ url }) => {
  const valor = toCents(new URL(url, 'http://loja').searchParams.get('valor') ?? '0');
  const regra = { ...REGRAS_DEMO.parcelamento, parcelaMinima: toCents(REGRAS_DEMO.parcelamento.parcelaMinima) };
  return okFor(pagamentoApi.parcelas, {
    opcoes: installmentOptions(valor, regra).map((o) => ({
      parcelas: o.parcelas,
      valorParcela: fromCents(o.valorParcela),
      total: fromCents(o.total),
      jurosMensal: o.jurosMensal,
      jurosAnual: o.jurosAnual,
      semJuros: o.semJuros,
    })),
  });
};
