import type { OrderFilters } from '../order-filters';

/** TanStack Query keys of the customer's orders (private data: dropped at sign-out). */
export const pedidoKeys = {
  all: ['pedido'] as const,
  listagemCliente: (clientId: number, filters: OrderFilters) =>
    ['pedido', 'listagem', 'cliente', clientId, filters] as const,
  detalhe: (id: number) => ['pedido', id] as const,
};
