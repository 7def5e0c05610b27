/**
 * The customer's order buttons follow the order's status table shared with the API
 * (packages/shared/src/order-status.ts): 'Cancelar' while the order takes no money yet
 * (`clientePodeCancelar`), a talk with the clinic for a paid one (`clienteConversaParaCancelar`),
 * 'Tentar pagamento novamente' while it takes a payment (`aceitaPagamento`).
 */

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
export const TIPO_PAGAMENTO_LABEL = { credit: 'Cartão de crédito', pix: 'PIX', boleto: 'Boleto' } as const;
