import { hojeNaClinica } from '@clinica/shared/clinic-day';
import { pedidoApi } from '@clinica/shared/schemas/pedido';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { clienteAdminKeys } from './keys';

/** Orders per "Ver mais" in the details dialog. */
const PEDIDOS_POR_VEZ = 5;

/**
 * The start of the period asked for: before the store existed, so every order
 * of the client comes, whatever default period the staff's order list uses
 * (ADR 011).
 */
const INICIO_DOS_PEDIDOS = '2000-01-01';

/**
 * GET /pedido/admin/listagem?idCliente={id} (staff): the client's orders,
 * newest first, PEDIDOS_POR_VEZ at a time, over an explicit period from
 * INICIO_DOS_PEDIDOS to today.
 */
const pedidosDoClienteQuery = (idCliente: number) =>
  infiniteQueryOptions({
    queryKey: clienteAdminKeys.pedidos(idCliente),
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(pedidoApi.listagemAdmin, {
        query: {
          idCliente: String(idCliente),
          page: String(pageParam),
          size: String(PEDIDOS_POR_VEZ),
          sort: 'desc',
          dataInicio: INICIO_DOS_PEDIDOS,
          dataFim: hojeNaClinica(),
        },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.page + 1 < last.totalPaginas ? last.page + 1 : undefined),
    meta: { private: true },
  });

export const usePedidosDoCliente = (idCliente: number | null) =>
  useInfiniteQuery({ ...pedidosDoClienteQuery(idCliente ?? 0), enabled: idCliente !== null });
