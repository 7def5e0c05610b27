import { createCobranca } from './pagamento-cobranca.js';
import { createEstorno } from './pagamento-estorno.js';
import { createRegistroPagamento, type PagamentosDeps } from './pagamento-registro.js';
import { createSincronizacao } from './pagamento-sincronizacao.js';

/**
 * The payments of the checkout (ADR 012): charges through the provider, the
 * provider's view applied to our rows, and refunds. Every decision about an
 * order's money is made in one transaction that first locks the order's row
 * (repository.travarPedido), with the order's status table
 * (packages/shared/src/order-status.ts):
 *
 * - an approval pays an order that accepts a payment; on any other order
 *   (cancelled meanwhile, already paid by another payment, shipped) and on an
 *   order bringing a course the customer already owns, the payment is marked
 *   owed back (`estorno_devido`) and its refund job is enqueued in that same
 *   transaction; the course case also cancels the order;
 * - a refusal makes a new order RECUSADO; a refund or chargeback cancels a
 *   paid order unless another payment still pays it.
 */
export function createPagamentos(deps: PagamentosDeps) {
  const registro = createRegistroPagamento(deps);
  const { agendarEstorno } = registro;
  return {
    agendarEstorno,
    ...createCobranca(deps, registro),
    ...createSincronizacao(deps, registro),
    ...createEstorno(deps, registro),
  };
}

export type Pagamentos = ReturnType<typeof createPagamentos>;
