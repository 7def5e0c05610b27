import { whatsappHref } from '../../lib/social-links';

/**
 * The chat with the clinic about a paid order (docs/behaviour/orders.md#order-dialog: a paid order
 * is not cancelled here; the customer talks to the company instead): the
 * company's WhatsApp with the order number already written.
 */
export function orderChatHref(whatsapp: string | null | undefined, pedidoId: number): string | null {
  if (!whatsapp?.trim()) return null;
  const href = whatsappHref(whatsapp);
  if (!href) return null;
  const url = new URL(href);
  url.searchParams.set('text', `Olá! Gostaria de falar sobre o meu pedido #${pedidoId}.`);
  return url.toString();
}
