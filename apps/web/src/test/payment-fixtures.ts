/** The sandbox card services' answers (PAYMENT_PROVIDER=sandbox) for the tests of the card form and the checkout. */
import { pagamentoApi } from '@clinica/shared/schemas/pagamento';
import { sandboxPagamentoApi } from '@clinica/shared/schemas/sandbox';
import { okFor } from './api-mock';

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
