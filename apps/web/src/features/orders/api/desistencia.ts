import type { Pedido } from '@clinica/shared/schemas/pedido';
import { pedidoDesistenciaApi } from '@clinica/shared/schemas/pedido-desistencia';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpointEnvelope } from '../../../lib/api-client';
import { pedidoKeys } from './keys';

/** PUT /pedido/desistir/{id} (the order's customer): the right of withdrawal (ADR 036), with an optional reason. */
const desistir = ({ id, motivo }: { id: number; motivo: string }) =>
  callEndpointEnvelope(pedidoDesistenciaApi.desistir, {
    params: { id },
    body: motivo.trim() ? { motivo: motivo.trim() } : {},
  });

/** PUT /pedido/receber-devolucao/{id} (staff): the returned goods arrived; the whole amount is refunded. */
const receberDevolucao = ({ id }: { id: number }) =>
  callEndpointEnvelope(pedidoDesistenciaApi.receberDevolucao, { params: { id } });

/**
 * A withdrawal move that keeps the screen true: the answer (the order) goes into its cache entry, the lists are
 * fetched again, and the library too (a withdrawn course leaves it). A refusal refreshes the order.
 */
function useMovimento<V extends { id: number }>(
  nome: string,
  fn: (v: V) => Promise<{ message: string; content: Pedido }>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['pedido', nome],
    mutationFn: fn,
    onSuccess: (envelope, { id }) => {
      queryClient.setQueryData(pedidoKeys.detalhe(id), envelope.content);
    },
    onError: (_error, { id }) => queryClient.invalidateQueries({ queryKey: pedidoKeys.detalhe(id) }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ['pedido', 'listagem'] });
      // The library's reads (GET /cliente/produtosacesso, features/library's keys): a withdrawn course leaves it.
      await queryClient.invalidateQueries({ queryKey: ['cliente', 'produtosacesso'] });
    },
  });
}

export const useDesistirPedido = () => useMovimento('desistir', desistir);
export const useReceberDevolucao = () => useMovimento('receber-devolucao', receberDevolucao);
