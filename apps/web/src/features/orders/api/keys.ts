import type { OrderFilters } from '../order-filters';
import type { StaffOrderFilters } from '../staff/staff-order-filters';

/** TanStack Query keys of the orders, the customer's and the staff's (private data: dropped at sign-out). */
export const pedidoKeys = {
  all: ['pedido'] as const,
  listagemCliente: (clientId: number, filters: OrderFilters) =>
    ['pedido', 'listagem', 'cliente', clientId, filters] as const,
  listagemAdmin: (filters: StaffOrderFilters) => ['pedido', 'listagem', 'admin', filters] as const,
  detalhe: (id: number) => ['pedido', id] as const,
  /** The staff filters' searches (client and product names). */
  busca: (tipo: 'cliente' | 'produto', texto: string) => ['pedido', 'busca', tipo, texto] as const,
};
