import type { SituacaoPedido } from '@clinica/shared/schemas/pedido';

/** pt-BR labels of the order statuses (SPEC §4 Orders). */
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
 * SPEC §4: paid and delivered green, pending orange, cancelled and refused
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

/** The customer may cancel an order while it is PENDENTE or RECUSADO (the API answers 409 otherwise). */
export const CANCELAVEIS: readonly SituacaoPedido[] = ['PENDENTE', 'RECUSADO'];
export const canCancel = (situacao: SituacaoPedido) => CANCELAVEIS.includes(situacao);

/** A paid order is not cancelled here: the customer talks to the clinic instead (SPEC §4 Orders). */
export const offersChat = (situacao: SituacaoPedido) => situacao === 'PAGO';

/** Mercado Pago's payment status names, in pt-BR. */
const PAGAMENTO_STATUS: Record<string, string> = {
  pending: 'Aguardando pagamento',
  in_process: 'Em análise',
  authorized: 'Autorizado',
  approved: 'Aprovado',
  rejected: 'Recusado',
  cancelled: 'Cancelado',
  refunded: 'Estornado',
  charged_back: 'Contestado',
};

export const pagamentoStatusLabel = (status: string) => PAGAMENTO_STATUS[status] ?? status;
export const TIPO_PAGAMENTO_LABEL = { credit: 'Cartão de crédito', pix: 'PIX' } as const;
