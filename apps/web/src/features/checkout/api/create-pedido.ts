import { IDEMPOTENCY_HEADER, pedidoApi, type PedidoCreateBody } from '@clinica/shared/schemas/pedido';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { callEndpointEnvelope } from '../../../lib/api-client';
import { idempotentAttempts } from '../../../lib/payment/idempotency';

/** POST /pedido/create with its Idempotency-Key (DESIGN.md: writes that cost money). */
export const createPedido = (body: PedidoCreateBody, idempotencyKey: string) =>
  callEndpointEnvelope(pedidoApi.create, { body, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });

/**
 * Creates the order (and charges it: the card's token, or a PIX). One key per
 * submission: sending the same body again (a retry after a lost answer)
 * reuses its key, so the server answers the first order instead of creating a
 * second; another body (a new card token) gets a fresh key (the server
 * refuses a key reused with another body).
 */
export function useCreatePedido() {
  const [attempts] = useState(idempotentAttempts);
  return useMutation({
    mutationFn: (body: PedidoCreateBody) => createPedido(body, attempts.keyFor(body)),
    onSuccess: () => attempts.done(),
  });
}
