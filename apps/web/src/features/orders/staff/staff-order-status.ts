import { formatBRL, type Cents } from '@clinica/shared/money';
import { MSG_BO } from '@clinica/shared/messages-backoffice';
import type { SituacaoPedido } from '@clinica/shared/schemas/pedido';

/**
 * Staff cancel an order before it is sent: PENDENTE and RECUSADO at once,
 * PAGO by refunding the payment (ADR 012). ENVIADO and ENTREGUE are not
 * cancelled (the API answers 409).
 */
export const CANCELAVEIS_EQUIPE: readonly SituacaoPedido[] = ['PENDENTE', 'RECUSADO', 'PAGO'];
export const staffCanCancel = (situacao: SituacaoPedido) => CANCELAVEIS_EQUIPE.includes(situacao);

/** Cancelling a paid order refunds it. */
export const cancelRefunds = (situacao: SituacaoPedido) => situacao === 'PAGO';

/** The next move of an order, by staff: PAGO → ENVIADO → ENTREGUE. */
export const canShip = (situacao: SituacaoPedido) => situacao === 'PAGO';
export const canDeliver = (situacao: SituacaoPedido) => situacao === 'ENVIADO';

/** Something goes out by carrier: a physical line (the gift included) and a delivery address. */
export const hasShipment = (pedido: { enderecoEntrega: unknown; produtos: ReadonlyArray<{ digital: boolean }> }) =>
  pedido.enderecoEntrega !== null && pedido.produtos.some((p) => !p.digital);

/** The question before staff cancel an order; a paid order's says the payment is refunded. */
export function cancelQuestion(pedido: { id: number; situacaoPedido: SituacaoPedido; valorTotal: Cents }): string {
  const text = cancelRefunds(pedido.situacaoPedido)
    ? MSG_BO.pedidoEstornarConfirmacao
    : MSG_BO.pedidoCancelarConfirmacao;
  return text.replace('{id}', String(pedido.id)).replace('{valor}', formatBRL(pedido.valorTotal));
}
