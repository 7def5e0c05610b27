import { IDEMPOTENCY_HEADER, pedidoApi, type PedidoCreateBody } from '@clinica/shared/schemas/pedido';
import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { callEndpointEnvelope } from '../../../lib/api-client';

/** POST /pedido/create with its Idempotency-Key (DESIGN.md: writes that cost money). */
export const createPedido = (body: PedidoCreateBody, idempotencyKey: string) =>
  callEndpointEnvelope(pedidoApi.create, { body, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });

/** A random key of visible ASCII characters (a UUID; crypto.randomUUID needs a secure context). */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = c.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Creates the order. One key per submission: sending the same body again (a
 * retry after a lost answer) reuses its key, so the server answers the first
 * order instead of creating a second; another body gets a fresh key (the
 * server refuses a key reused with another body).
 */
export function useCreatePedido() {
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const mutation = useMutation({
    mutationFn: (body: PedidoCreateBody) => {
      const text = JSON.stringify(body);
      if (attempt.current?.body !== text) attempt.current = { body: text, key: newIdempotencyKey() };
      return createPedido(body, attempt.current.key);
    },
    onSuccess: () => {
      attempt.current = null;
    },
  });
  return mutation;
}
