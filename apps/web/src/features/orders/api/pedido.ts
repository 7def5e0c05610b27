import { pedidoApi } from '@clinica/shared/schemas/pedido';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { pedidoKeys } from './keys';

/** GET /pedido/{id}: one order with items, delivery, payment and status history. */
const fetchPedido = (id: number, signal?: AbortSignal) => callEndpoint(pedidoApi.detalhe, { params: { id }, signal });

const pedidoQuery = (id: number) =>
  queryOptions({
    queryKey: pedidoKeys.detalhe(id),
    queryFn: ({ signal }) => fetchPedido(id, signal),
    meta: { private: true },
  });

export const usePedido = (id: number | null) => useQuery({ ...pedidoQuery(id ?? 0), enabled: (id ?? 0) > 0 });
