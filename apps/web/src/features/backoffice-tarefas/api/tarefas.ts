import { tarefaApi } from '@clinica/shared/schemas/tarefa';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { auditoriaKeys } from '../../../components/backoffice/audit-trail';
import { callEndpoint, callEndpointEnvelope } from '../../../lib/api-client';
import { tarefaKeys } from '../../../lib/backoffice/tarefas-resumo';
import { listagemQuery, type TarefaFilters } from '../tarefa-filters';

const keys = {
  listagem: (filters: TarefaFilters) => [...tarefaKeys.all, 'listagem', filters] as const,
  detalhe: (id: number) => [...tarefaKeys.all, id] as const,
};

/** GET /tarefa/listagem: failing and dead jobs, filtered, zero-based pages. */
const tarefasListagemQuery = (filters: TarefaFilters) =>
  queryOptions({
    queryKey: keys.listagem(filters),
    queryFn: ({ signal }) => callEndpoint(tarefaApi.listagem, { query: listagemQuery(filters), signal }),
    meta: { private: true },
    // The current page stays on screen (dimmed) while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useTarefasListagem = (filters: TarefaFilters) => useQuery(tarefasListagemQuery(filters));

/** GET /tarefa/{id}: the job of the dialog. */
export const useTarefaDetalhe = (id: number | null) =>
  useQuery({
    queryKey: keys.detalhe(id ?? 0),
    queryFn: ({ signal }) => callEndpoint(tarefaApi.detalhe, { params: { id: id ?? 0 }, signal }),
    meta: { private: true },
    enabled: id !== null,
  });

/** PUT /tarefa/tentarnovamente/{id}: a failing or dead job back in the queue, to run now (409 when it is not failing). */
const tentarNovamente = (id: number) => callEndpointEnvelope(tarefaApi.tentarNovamente, { params: { id } });

/**
 * Retries and keeps the screen true: the answer goes into the job's cache
 * entry; the lists, the counts and the job's history are read again (also
 * after a refusal: the job may have moved on meanwhile).
 */
export function useTentarNovamente() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['tarefa', 'tentarNovamente'],
    mutationFn: tentarNovamente,
    onSuccess: (envelope, id) => {
      queryClient.setQueryData(keys.detalhe(id), envelope.content);
    },
    onSettled: (_data, _error, id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: tarefaKeys.all }),
        queryClient.invalidateQueries({ queryKey: auditoriaKeys.registro('tarefa', id) }),
      ]),
  });
}
