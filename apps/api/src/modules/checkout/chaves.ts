import crypto from 'node:crypto';
import type { PedidoCreateData } from '@clinica/shared/schemas/pedido';

/**
 * The keys of the checkout (ADR 010, ADR 012). A client's Idempotency-Key may
 * be up to 255 characters; what is stored and sent to the provider is a digest
 * of it, so every column and the provider's `X-Idempotency-Key` hold it
 * whatever its length.
 */

const sha256 = (texto: string) => crypto.createHash('sha256').update(texto).digest();

/** SHA-256 (hex, 64 characters) of a checkout attempt's key: `pedidos.chave_checkout`. */
export const hashTentativa = (chave: string) => sha256(chave).toString('hex');

/**
 * A provider idempotency key made of `partes` (user, the client's key, the
 * card token…): a UUID (36 characters, version 8: custom) from their SHA-256,
 * so the same attempt always sends the same key and different attempts never
 * collide.
 */
export function chaveProvedor(...partes: ReadonlyArray<string | number>): string {
  const b = sha256(partes.map(String).join('\u0000'));
  b[6] = (b[6]! & 0x0f) | 0x80;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.subarray(0, 16).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/**
 * What the key of an order's creation binds (ADR 010): the order itself (items,
 * delivery, freight, receiver, personal data, the totals the customer saw),
 * not how this request pays it. A retry after a lost answer tokenizes the card
 * again, so its `pagamento` differs; it is the same order.
 */
export function conteudoDoPedido(body: PedidoCreateData): Omit<PedidoCreateData, 'pagamento'> {
  const { pagamento: _pagamento, ...pedido } = body;
  return pedido;
}
