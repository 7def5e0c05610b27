/**
 * The bag empties as soon as its order exists, on every tab and device
 * (ADR 010). The bag lives in each browser's localStorage; an order is made
 * on one of them. So each device of a signed-in customer takes out of its bag
 * the products of every order it learns of and has not taken out yet:
 *
 * - at the start of a session: the attempt whose creation was sent but never
 *   answered (GET /pedido/tentativa/{chave}), then the customer's latest
 *   orders (a tab closed before the answer, a PIX paid on the phone);
 * - on every realtime notice of an order (its creation, 'Pedido #… recebido',
 *   reaches every open tab and device at once), by reading the order.
 *
 * Orders already taken out are remembered (`@pedidosVistos`), so a product
 * the customer puts back in the bag afterwards stays there. A device's first
 * session remembers the orders it finds without touching the bag: they are
 * older than anything in it. Other tabs follow through the cart's `storage`
 * event (lib/cart-storage.ts).
 */
import { pedidoApi } from '@clinica/shared/schemas/pedido';
import type { NotificacaoPagamento } from '@clinica/shared/schemas/pagamento';
import { callEndpoint, isApiError } from './api-client';
import { readCartItems, updateCart } from './cart-storage';
import { currentAttempt, forgetAttempt } from './checkout-attempt';
import { readJson, STORAGE_KEYS, writeJson } from './storage';

/** Orders remembered per device (the latest ones). */
const MAX_VISTOS = 100;

interface Vistos {
  userId: number;
  ids: number[];
}

const isVistos = (v: unknown): v is Vistos =>
  typeof v === 'object' &&
  v !== null &&
  Number.isInteger((v as Vistos).userId) &&
  Array.isArray((v as Vistos).ids) &&
  (v as Vistos).ids.every((id) => Number.isInteger(id));

function vistos(userId: number): Set<number> | null {
  const v = readJson(STORAGE_KEYS.seenOrders, isVistos);
  return v && v.userId === userId ? new Set(v.ids) : null;
}

function lembrar(userId: number, ids: Iterable<number>): void {
  const todos = [...new Set([...(vistos(userId) ?? []), ...ids])].sort((a, b) => b - a).slice(0, MAX_VISTOS);
  writeJson(STORAGE_KEYS.seenOrders, { userId, ids: todos } satisfies Vistos);
}

/**
 * Takes the order's products out of this device's bag (once per order) and
 * remembers it. The checkout calls it with the order it just created.
 */
export function takeOrderOutOfBag(
  userId: number,
  pedido: { id: number; produtos: ReadonlyArray<{ produtoId: number }> },
) {
  if (vistos(userId)?.has(pedido.id)) return;
  const ids = new Set(pedido.produtos.map((p) => p.produtoId));
  updateCart((items) => {
    const restantes = items.filter((i) => !ids.has(i.id));
    return restantes.length === items.length ? items : restantes;
  });
  lembrar(userId, [pedido.id]);
}

/** The session's first look: the unanswered attempt's order, then the latest orders. */
async function conferirAoEntrar(userId: number, idCliente: number): Promise<void> {
  const attempt = currentAttempt(userId);
  if (attempt?.sent) {
    try {
      const pedido = await callEndpoint(pedidoApi.tentativa, { params: { chave: attempt.key } });
      takeOrderOutOfBag(userId, pedido);
      forgetAttempt(userId, attempt.key);
    } catch (error) {
      // 404: the attempt made no order (yet); it stays for the checkout's next click.
      if (!isApiError(error) || error.status !== 404) throw error;
    }
  }
  const conhecidos = vistos(userId);
  if (conhecidos && readCartItems().length === 0) return;
  const { pedidos } = await callEndpoint(pedidoApi.listagemCliente, {
    params: { clientId: idCliente },
    query: { page: '0', size: '10' },
  });
  if (!conhecidos) {
    lembrar(
      userId,
      pedidos.map((p) => p.id),
    );
    return;
  }
  for (const pedido of pedidos) if (!conhecidos.has(pedido.id)) takeOrderOutOfBag(userId, pedido);
}

/**
 * Keeps this device's bag in step with the customer's orders while the
 * session lasts (started with the realtime channel of a signed-in customer).
 * `listen` subscribes to the channel's notifications; returns the stop function.
 */
export function startBagSync(
  userId: number,
  idCliente: number,
  listen: (listener: (n: NotificacaoPagamento) => void) => () => void,
): () => void {
  let ativo = true;
  const falhou = (error: unknown) => {
    if (ativo) console.warn('Não foi possível conferir a sacola com os pedidos.', error);
  };
  // The checkout resolves its own sent attempt and takes that order out of the bag once it shows it
  // (features/checkout/use-payment-flow.ts): a bag emptied here first would send the reloaded checkout to /loja.
  if (!window.location.pathname.toLowerCase().startsWith('/checkout')) {
    void conferirAoEntrar(userId, idCliente).catch(falhou);
  }
  const stop = listen((n) => {
    if (!ativo || vistos(userId)?.has(n.idPedido)) return;
    void callEndpoint(pedidoApi.detalhe, { params: { id: n.idPedido } })
      .then((pedido) => {
        if (ativo) takeOrderOutOfBag(userId, pedido);
      })
      .catch(falhou);
  });
  return () => {
    ativo = false;
    stop();
  };
}
