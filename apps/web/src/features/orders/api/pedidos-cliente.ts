import { pedidoApi } from '@clinica/shared/schemas/pedido';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import type { OrderFilters } from '../order-filters';
import { pedidoKeys } from './keys';

/** GET /pedido/listagem/cliente/{clientId}?page&size[&idPedido&dataInicio&dataFim]: newest first, zero-based pages. */
const fetchPedidosCliente = (clientId: number, filters: OrderFilters, signal?: AbortSignal) =>
  callEndpoint(pedidoApi.listagemCliente, {
    params: { clientId },
    query: {
      page: String(filters.page),
      size: String(filters.size),
      idPedido: filters.idPedido,
      dataInicio: filters.dataInicio,
      dataFim: filters.dataFim,
    },
    signal,
  });

/** Private data: dropped from the cache at sign-out (app/providers.tsx). */
const pedidosClienteQuery = (clientId: number, filters: OrderFilters) =>
  queryOptions({
    queryKey: pedidoKeys.listagemCliente(clientId, filters),
    queryFn: ({ signal }) => fetchPedidosCliente(clientId, filters, signal),
    meta: { private: true },
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export const usePedidosCliente = (clientId: number, filters: OrderFilters) =>
  useQuery({ ...pedidosClienteQuery(clientId, filters), enabled: clientId > 0 });
