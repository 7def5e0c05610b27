import type { Pedido } from '@clinica/shared/schemas/pedido';
import { pedidoEquipeApi } from '@clinica/shared/schemas/pedido-equipe';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpointEnvelope } from '../../../lib/api-client';
import { pedidoKeys } from './keys';

/**
 * PUT /pedido/enviar/{id} (staff): PAGO → ENVIADO with the carrier's tracking code; `semNotaFiscal: true` only when
 * the staff confirmed shipping an order whose NF-e is not issued (ADR 031).
 */
const enviarPedido = ({
  id,
  codigoRastreio,
  semNotaFiscal,
}: {
  id: number;
  codigoRastreio: string;
  semNotaFiscal?: boolean;
}) =>
  callEndpointEnvelope(pedidoEquipeApi.enviar, {
    params: { id },
    body: semNotaFiscal ? { codigoRastreio, semNotaFiscal: true } : { codigoRastreio },
  });

/** PUT /pedido/entregar/{id} (staff): ENVIADO → ENTREGUE. */
const entregarPedido = ({ id }: { id: number }) => callEndpointEnvelope(pedidoEquipeApi.entregar, { params: { id } });

/**
 * A staff move that keeps the screen true: the answer (the moved order) goes
 * into the order's cache entry and every order list is fetched again; a
 * refusal (409: someone moved it first) refreshes the order too.
 */
function useMover<V extends { id: number }>(nome: string, fn: (v: V) => Promise<{ message: string; content: Pedido }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['pedido', nome],
    mutationFn: fn,
    onSuccess: (envelope, { id }) => {
      queryClient.setQueryData(pedidoKeys.detalhe(id), envelope.content);
    },
    onError: (_error, { id }) => queryClient.invalidateQueries({ queryKey: pedidoKeys.detalhe(id) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['pedido', 'listagem'] }),
  });
}

export const useEnviarPedido = () => useMover('enviar', enviarPedido);
export const useEntregarPedido = () => useMover('entregar', entregarPedido);
