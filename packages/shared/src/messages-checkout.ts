/**
 * Texts only the API sends about orders and payments (the web shows the
 * server's message as it comes), apart from MSG (messages.ts): every public
 * page of the web app carries MSG in its first JavaScript, and these are
 * needed there by nothing (README, Desempenho: P6).
 */
export const MSG_CHECKOUT = {
  /** `{nome}` is the course's name and `{id}` the open order's number. */
  cursoEmPedidoAberto:
    'O curso “{nome}” já está no pedido #{id}, que aguarda o pagamento. Pague ou cancele esse pedido na sua lista de pedidos antes de comprá-lo de novo.',
  /** The realtime notice of a new order (`{id}`): every tab and device of the customer takes its items out of the bag. */
  pedidoRecebido: 'Pedido #{id} recebido. Aguardando o pagamento.',
  /** The refusal of a payment approved for an order that could no longer take it: the money goes back. */
  pagamentoDevolvido:
    'Recebemos um pagamento que este pedido não podia mais receber. O valor será estornado automaticamente.',
} as const;
