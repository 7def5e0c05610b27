import type { SituacaoPedido } from '@clinica/shared/schemas/pedido';

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

/**
 * 'Tentar pagamento novamente' (SPEC §4 Orders: 'retry payment' while neither
 * PAGO nor CANCELADO): an order still waiting for its money, pending or
 * refused. A shipped or delivered order was paid already.
 */
export const PAGAVEIS: readonly SituacaoPedido[] = ['PENDENTE', 'RECUSADO'];
export const canRetryPayment = (situacao: SituacaoPedido) => PAGAVEIS.includes(situacao);
