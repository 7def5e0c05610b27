import { cupomAdminApi, type CupomInput } from '@clinica/shared/schemas/cupom-admin';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';
import { listagemQuery, type CouponFilters } from '../coupon-filters';
import { cupomKeys } from './keys';

/** GET /cupom/listagem: coupons by code, in force, active; zero-based pages. */
const cuponsListagemQuery = (filters: CouponFilters) =>
  queryOptions({
    queryKey: cupomKeys.listagem(filters),
    queryFn: ({ signal }) => callEndpoint(cupomAdminApi.listagem, { query: listagemQuery(filters), signal }),
    meta: { private: true },
    // The current page stays on screen (dimmed) while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useCuponsListagem = (filters: CouponFilters) => useQuery(cuponsListagemQuery(filters));

/** GET /cupom/{id}: the whole coupon, its scope by name and what it has given so far. */
export const useCupom = (id: number | null) =>
  useQuery({
    queryKey: cupomKeys.detalhe(id ?? 0),
    queryFn: ({ signal }) => callEndpoint(cupomAdminApi.buscar, { params: { id: id ?? 0 }, signal }),
    meta: { private: true },
    enabled: id !== null,
  });

/** GET /cupom/{id}/usos: the orders that used the coupon, newest first, and the totals of the uses that count. */
export const useCupomUsos = (id: number | null, page: number, size: number) =>
  useQuery({
    queryKey: cupomKeys.usos(id ?? 0, page, size),
    queryFn: ({ signal }) =>
      callEndpoint(cupomAdminApi.usos, {
        params: { id: id ?? 0 },
        query: { page: String(page), size: String(size) },
        signal,
      }),
    meta: { private: true },
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });

/** POST /cupom/, or PUT /cupom/{id} (a repeated code answers 409). */
const salvarCupom = ({ id, body }: { id: number | null; body: CupomInput }) =>
  id === null
    ? callEndpoint(cupomAdminApi.criar, { body })
    : callEndpoint(cupomAdminApi.editar, { params: { id }, body: { id, ...body } });

/** PUT /cupom/desativar/{id}. */
const desativarCupom = (id: number) => callEndpoint(cupomAdminApi.desativar, { params: { id } });

/** The manager's writes; each answer goes into the coupon's cache entry and the lists are read again. */
export function useCupomMutations() {
  const queryClient = useQueryClient();
  const refresh = (cupom: { id: number }) => {
    queryClient.setQueryData(cupomKeys.detalhe(cupom.id), cupom);
    return queryClient.invalidateQueries({ queryKey: cupomKeys.all });
  };
  return {
    salvar: useMutation({ mutationFn: salvarCupom, onSuccess: refresh }),
    desativar: useMutation({ mutationFn: desativarCupom, onSuccess: refresh }),
  };
}
