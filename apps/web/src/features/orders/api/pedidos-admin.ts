import { pedidoApi } from '@clinica/shared/schemas/pedido';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { adminListagemQuery, type StaffOrderFilters } from '../staff/staff-order-filters';
import { pedidoKeys } from './keys';

/** GET /pedido/admin/listagem with every filter of the staff's list (zero-based pages). */
const fetchPedidosAdmin = (filters: StaffOrderFilters, signal?: AbortSignal) =>
  callEndpoint(pedidoApi.listagemAdmin, { query: adminListagemQuery(filters), signal });

/** Private data: dropped from the cache at sign-out (app/providers.tsx). */
const pedidosAdminQuery = (filters: StaffOrderFilters) =>
  queryOptions({
    queryKey: pedidoKeys.listagemAdmin(filters),
    queryFn: ({ signal }) => fetchPedidosAdmin(filters, signal),
    meta: { private: true },
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export const usePedidosAdmin = (filters: StaffOrderFilters) => useQuery(pedidosAdminQuery(filters));
