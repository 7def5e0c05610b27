import { formatBRL, type Cents } from '@clinica/shared/money';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import { cancelamentoEstorna } from '@clinica/shared/order-status';
import type { SituacaoPedido } from '@clinica/shared/schemas/pedido';

/*
 * The staff's order buttons follow the order's status table shared with the API
 * (packages/shared/src/order-status.ts): 'Cancelar' (`equipePodeCancelar`: at once while unpaid, by a
 * refund once paid, `cancelamentoEstorna`), 'Marcar como enviado' (`podeEnviar`) and 'Marcar como
 * entregue' (`podeEntregar`).
 */

/** Something goes out by carrier: a physical line (the gift included) and a delivery address. */
export const hasShipment = (pedido: { enderecoEntrega: unknown; produtos: ReadonlyArray<{ digital: boolean }> }) =>
  pedido.enderecoEntrega !== null && pedido.produtos.some((p) => !p.digital);

/** The question before staff cancel an order; a paid order's says the payment is refunded. */
export function cancelQuestion(pedido: { id: number; situacaoPedido: SituacaoPedido; valorTotal: Cents }): string {
  const text = cancelamentoEstorna(pedido.situacaoPedido)
    ? MSG_BO.pedidoEstornarConfirmacao
    : MSG_BO.pedidoCancelarConfirmacao;
  return text.replace('{id}', String(pedido.id)).replace('{valor}', formatBRL(pedido.valorTotal));
}
