import { clienteAdminApi } from '@clinica/shared/schemas/cliente-admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { buscarQuery, type ClientFilters } from '../client-filters';
import { clienteAdminKeys } from './keys';

/** GET /cliente/buscar: the staff's client list, filtered, zero-based pages. */
const clientesBuscarQuery = (filters: ClientFilters) =>
  queryOptions({
    queryKey: clienteAdminKeys.buscar(filters),
    queryFn: ({ signal }) => callEndpoint(clienteAdminApi.buscar, { query: buscarQuery(filters), signal }),
    meta: { private: true },
    // The current page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useClientesBuscar = (filters: ClientFilters) => useQuery(clientesBuscarQuery(filters));

/** GET /cliente/buscar/{id}: the client of the details dialog. */
const clienteDetalheQuery = (id: number) =>
  queryOptions({
    queryKey: clienteAdminKeys.detalhe(id),
    queryFn: ({ signal }) => callEndpoint(clienteAdminApi.detalhe, { params: { id }, signal }),
    meta: { private: true },
  });

export const useClienteDetalhe = (id: number | null) =>
  useQuery({ ...clienteDetalheQuery(id ?? 0), enabled: id !== null });
