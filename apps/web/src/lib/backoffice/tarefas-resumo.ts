import { tarefaApi } from '@clinica/shared/schemas/tarefa';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../api-client';

/** TanStack Query keys of the background jobs (ADMIN data: dropped at sign-out with `meta.private`). */
export const tarefaKeys = {
  all: ['backoffice', 'tarefa'] as const,
  resumo: ['backoffice', 'tarefa', 'resumo'] as const,
};

/**
 * GET /tarefa/resumo: how many background jobs are failing and dead (all, and
 * those that move money). Read by the 'Tarefas' screen and the sales
 * dashboard's notice; refreshed every minute while one of them is open.
 */
const tarefasResumoQuery = () =>
  queryOptions({
    queryKey: tarefaKeys.resumo,
    queryFn: ({ signal }) => callEndpoint(tarefaApi.resumo, { signal }),
    meta: { private: true },
    refetchInterval: 60_000,
  });

export const useTarefasResumo = () => useQuery(tarefasResumoQuery());
