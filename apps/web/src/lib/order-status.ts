import { MSG_DESISTENCIA } from '@clinica/shared/messages-desistencia';
import type { SituacaoPedido } from '@clinica/shared/schemas/pedido';

/** pt-BR labels of the order statuses (docs/behaviour/orders.md#order-statuses). */
export const SITUACAO_LABEL: Record<SituacaoPedido, string> = {
  PENDENTE: 'Pendente',
  PAGO: 'Pago',
  ENVIADO: 'Enviado',
  ENTREGUE: 'Entregue',
  CANCELADO: 'Cancelado',
  RECUSADO: 'Recusado',
  DEVOLUCAO_SOLICITADA: MSG_DESISTENCIA.rotuloSituacao,
};

export type StatusTone = 'success' | 'warning' | 'info' | 'danger';

/**
 * Colours (docs/behaviour/orders.md#order-statuses): paid and delivered green, pending orange, cancelled and refused
 * red; shipped in the brand colour; anything else in the cancelled style.
 */
const TONE: Partial<Record<string, StatusTone>> = {
  PAGO: 'success',
  ENTREGUE: 'success',
  PENDENTE: 'warning',
  ENVIADO: 'info',
  CANCELADO: 'danger',
  RECUSADO: 'danger',
  // Withdrawn, waiting for the goods or the refund (ADR 036): something still to happen, as a pending order.
  DEVOLUCAO_SOLICITADA: 'warning',
};

export const statusTone = (situacao: string): StatusTone => TONE[situacao.toUpperCase()] ?? 'danger';
export const statusLabel = (situacao: string): string =>
  SITUACAO_LABEL[situacao.toUpperCase() as SituacaoPedido] ?? situacao;
