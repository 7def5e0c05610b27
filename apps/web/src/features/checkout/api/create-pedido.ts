import { IDEMPOTENCY_HEADER, pedidoApi, type PedidoCreateBody } from '@clinica/shared/schemas/pedido';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint, callEndpointEnvelope, isApiError } from '../../../lib/api-client';
import { ajustarAoEstoque } from '../../../lib/use-stock';

/** POST /pedido/create with its Idempotency-Key (ADR 010: writes that cost money). */
const createPedido = (body: PedidoCreateBody, idempotencyKey: string) =>
  callEndpointEnvelope(pedidoApi.create, { body, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });

/** GET /pedido/{id}: the order as it is now (after a payment attempt whose answer was a refusal). */
export const fetchPedido = (id: number, signal?: AbortSignal) =>
  callEndpoint(pedidoApi.detalhe, { params: { id }, signal });

/** GET /pedido/tentativa/{chave}: the order a checkout attempt created (404 while none). */
export const fetchPedidoDaTentativa = (chave: string, signal?: AbortSignal) =>
  callEndpoint(pedidoApi.tentativa, { params: { chave }, signal });

/** A 409 of units short: its errors name a line's quantity (`itens.N.quantidade`, ADR 032). */
const faltaEstoque = (content: unknown): boolean =>
  Array.isArray((content as { errors?: unknown } | null)?.errors) &&
  (content as { errors: Array<{ campo?: unknown }> }).errors.some(
    (e) => typeof e.campo === 'string' && e.campo.endsWith('.quantidade'),
  );

/**
 * Creates the order (and charges it: the card's token, or a PIX). The key is
 * the checkout attempt's (lib/checkout-attempt.ts), the same on every click
 * whatever the card token: a retry after a lost answer gets the same order
 * back, and pays it only if it still takes a payment (ADR 010).
 */
export function useCreatePedido() {
  return useMutation({
    mutationFn: ({ body, key }: { body: PedidoCreateBody; key: string }) => createPedido(body, key),
    // A line short of units (409 'Restam apenas N unidades de X.'): the checkout shows the message, and the bag is
    // brought within what is left (docs/behaviour/bag-and-checkout.md#stock).
    onError: (error) => {
      if (isApiError(error) && error.status === 409 && faltaEstoque(error.content)) {
        void ajustarAoEstoque().catch(() => undefined);
      }
    },
  });
}
