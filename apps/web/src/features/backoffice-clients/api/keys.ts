import type { ClientFilters } from '../client-filters';

/** TanStack Query keys of the staff's client list (staff data: dropped at sign-out with `meta.private`). */
export const clienteAdminKeys = {
  all: ['backoffice', 'cliente'] as const,
  buscar: (filters: ClientFilters) => ['backoffice', 'cliente', 'buscar', filters] as const,
  detalhe: (id: number) => ['backoffice', 'cliente', id] as const,
  pedidos: (id: number) => ['backoffice', 'cliente', id, 'pedidos'] as const,
};
