import { pedidoApi } from '@clinica/shared/schemas/pedido';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpointEnvelope } from '../../../lib/api-client';
import { pedidoKeys } from './keys';

/** PUT /pedido/cancelar/{id}: the owner cancels a PENDENTE or RECUSADO order; other states answer 409 with a message. */
const cancelarPedido = (id: number) => callEndpointEnvelope(pedidoApi.cancelar, { params: { id } });

/**
 * Cancels and keeps the screen true: the answer (the cancelled order) goes
 * into the order's cache entry and every order list is fetched again. A
 * refusal also refreshes the order (its status may have changed meanwhile).
 */
export function useCancelarPedido() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['pedido', 'cancelar'],
    mutationFn: cancelarPedido,
    onSuccess: (envelope, id) => {
      queryClient.setQueryData(pedidoKeys.detalhe(id), envelope.content);
    },
    onError: (_error, id) => queryClient.invalidateQueries({ queryKey: pedidoKeys.detalhe(id) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['pedido', 'listagem'] }),
  });
}
