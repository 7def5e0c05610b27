import { notificacaoApi, type Notificacoes } from '@clinica/shared/schemas/notificacao';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api-client';

/** One cache entry per customer, so the next user of the browser starts clean. */
const notificacoesKey = (idClient: number) => ['notificacao', idClient] as const;

/** GET /notificacao: the customer's latest kept notifications and the unread count (ADR 046). */
const notificacoesQuery = (idClient: number) =>
  queryOptions({
    queryKey: notificacoesKey(idClient),
    queryFn: ({ signal }) => callEndpoint(notificacaoApi.listar, { signal }),
  });

/** The kept notifications of the signed-in customer; `idClient` null (staff, visitor): nothing is asked. */
export function useNotificacoes(idClient: number | null) {
  return useQuery({ ...notificacoesQuery(idClient ?? 0), enabled: idClient !== null });
}

/** PUT /notificacao/lidas: every notification read; the answer (the list as it is now) replaces the cached one. */
export function useMarcarLidas(idClient: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['notificacao', 'lidas'],
    mutationFn: () => callEndpoint(notificacaoApi.marcarTodasLidas, {}),
    onSuccess: (lista: Notificacoes) => {
      if (idClient !== null) queryClient.setQueryData(notificacoesKey(idClient), lista);
    },
  });
}
