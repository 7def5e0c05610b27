import type { SituacaoPedido } from '@clinica/shared/schemas/pedido';

/** pt-BR labels of the order statuses (docs/behaviour/orders.md#order-statuses). */
export const SITUACAO_LABEL: Record<SituacaoPedido, string> = {
  PENDENTE: 'Pendente',
  PAGO: 'Pago',
  ENVIADO: 'Enviado',
  ENTREGUE: 'Entregue',
  CANCELADO: 'Cancelado',
  RECUSADO: 'Recusado',
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
};

export const statusTone = (situacao: string): StatusTone => TONE[situacao.toUpperCase()] ?? 'danger';
export const statusLabel = (situacao: string): string =>
  SITUACAO_LABEL[situacao.toUpperCase() as SituacaoPedido] ?? situacao;
