import { cartLine } from '@clinica/shared/cart';
import { pedidoApi } from '@clinica/shared/schemas/pedido';
import type { NotificacaoPagamento } from '@clinica/shared/schemas/pagamento';
import type { z } from 'zod';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, okFor } from '../test/api-mock';
import { resetSession } from '../test/reset-session';
import { startBagSync, takeOrderOutOfBag } from './bag-sync';
import { addToCart, readCartItems } from './cart-storage';
import { currentAttempt, ensureAttempt, markAttemptSent } from './checkout-attempt';

const GEL = { id: 11, nome: 'Gel clareador', pathImg: null, preco: 8990, digital: false };
const ESCOVA = { id: 12, nome: 'Escova', pathImg: null, preco: 1890, digital: false };
const CURSO = { id: 21, nome: 'Curso', pathImg: null, preco: 9700, digital: true };

const USER = 7;
const CLIENTE = 3;

const produtoDoPedido = (p: { id: number; nome: string; preco: number; digital: boolean }) => ({
  produtoId: p.id,
  produtoNome: p.nome,
  quantidade: 1,
  valor: p.preco / 100,
  valorTotal: p.preco / 100,
  brinde: false,
  digital: p.digital,
});

function pedido(id: number, produtos: Array<typeof GEL>): z.input<typeof pedidoApi.detalhe.response> {
  return {
    id,
    situacaoPedido: 'PENDENTE',
    cliente: { id: CLIENTE, nome: 'Maria' },
    cro: null,
    valor: 10,
    valorTotal: 10,
    valorProdutos: 10,
    valorFrete: 0,
    descontoPix: 0,
    cupom: null,
    freteGratis: false,
    versaoTermos: '2026-11-28',
    dtPedido: '2026-11-27T12:00:00.000Z',
    nomeRecebedor: null,
    telefoneRecebedor: null,
    produtos: produtos.map(produtoDoPedido),
    enderecoEntrega: null,
    entrega: null,
    pagamento: null,
    pix: null,
    boleto: null,
    historico: [],
    rastreio: null,
    desistencia: null,
  };
}

const resumo = (id: number, produtos: Array<typeof GEL>) => ({
  id,
  situacaoPedido: 'PENDENTE' as const,
  cliente: { id: CLIENTE, nome: 'Maria' },
  valor: 10,
  valorTotal: 10,
  dtPedido: '2026-11-27T12:00:00.000Z',
  dataPagamento: null,
  pagamento: null,
  produtos: produtos.map((p) => ({ produtoId: p.id, produtoNome: p.nome, quantidade: 1, digital: p.digital })),
});

const lista = (...pedidos: ReturnType<typeof resumo>[]) =>
  okFor(pedidoApi.listagemCliente, { pedidos, totalPaginas: 1, totalRegistros: pedidos.length, page: 0 });

const bag = () => readCartItems().map((i) => i.id);

/** A notification channel the test drives. */
function canal() {
  const ouvintes = new Set<(n: NotificacaoPagamento) => void>();
  return {
    listen: (l: (n: NotificacaoPagamento) => void) => {
      ouvintes.add(l);
      return () => ouvintes.delete(l);
    },
    aviso: (idPedido: number) =>
      ouvintes.forEach((l) =>
        l({ id: 1, message: `Pedido #${idPedido} recebido.`, statusPayment: 'pending', idPedido }),
      ),
  };
}

describe('the bag follows the orders (every tab and device)', () => {
  beforeEach(() => {
    resetSession();
    localStorage.clear();
  });
  afterEach(() => vi.restoreAllMocks());

  it("takes an order's products out of the bag once; a product put back afterwards stays", () => {
    addToCart(cartLine(GEL, 1));
    addToCart(cartLine(ESCOVA, 2));
    takeOrderOutOfBag(USER, pedido(40, [GEL]) as never);
    expect(bag()).toEqual([ESCOVA.id]);
    addToCart(cartLine(GEL, 1));
    takeOrderOutOfBag(USER, pedido(40, [GEL]) as never);
    expect(bag()).toEqual([ESCOVA.id, GEL.id]);
  });

  it("a device's first session remembers the orders it finds and leaves the bag alone", async () => {
    addToCart(cartLine(GEL, 1));
    const api = mockApi({ [`GET /api/pedido/listagem/cliente/${CLIENTE}`]: lista(resumo(40, [GEL])) });
    const stop = startBagSync(USER, CLIENTE, canal().listen);
    await vi.waitFor(() => expect(localStorage.getItem('@pedidosVistos')).toContain('40'));
    expect(api.calls).toHaveLength(1);
    expect(bag()).toEqual([GEL.id]);
    stop();
    // The next session: order 40 was known, order 41 (made on the phone) was not.
    addToCart(cartLine(CURSO, 1));
    const depois = mockApi({
      [`GET /api/pedido/listagem/cliente/${CLIENTE}`]: lista(resumo(41, [CURSO]), resumo(40, [GEL])),
    });
    startBagSync(USER, CLIENTE, canal().listen)();
    await vi.waitFor(() => expect(depois.calls).toHaveLength(1));
    await vi.waitFor(() => expect(bag()).toEqual([GEL.id]));
  });

  it("a creation sent without an answer: its order found at start takes the bag's items, the attempt ends", async () => {
    addToCart(cartLine(GEL, 1));
    takeOrderOutOfBag(USER, pedido(1, []) as never); // this device knows the customer's orders already
    const { key } = ensureAttempt(USER);
    markAttemptSent(USER);
    mockApi({
      [`GET /api/pedido/tentativa/${key}`]: okFor(pedidoApi.tentativa, pedido(42, [GEL])),
      [`GET /api/pedido/listagem/cliente/${CLIENTE}`]: lista(resumo(42, [GEL])),
    });
    startBagSync(USER, CLIENTE, canal().listen);
    await vi.waitFor(() => expect(bag()).toEqual([]));
    expect(currentAttempt(USER)).toBeNull();
  });

  it('on the checkout (a reload after a lost answer) the attempt and the bag are left to the checkout', async () => {
    addToCart(cartLine(GEL, 1));
    takeOrderOutOfBag(USER, pedido(1, []) as never);
    const { key } = ensureAttempt(USER);
    markAttemptSent(USER);
    window.history.pushState({}, '', '/checkout');
    try {
      const api = mockApi({});
      startBagSync(USER, CLIENTE, canal().listen);
      await new Promise((r) => setTimeout(r, 50));
      expect(api.calls).toHaveLength(0);
      expect(bag()).toEqual([GEL.id]);
      expect(currentAttempt(USER)?.key).toBe(key);
    } finally {
      window.history.pushState({}, '', '/');
    }
  });

  it('an attempt that made no order (404) is kept for the next click', async () => {
    addToCart(cartLine(GEL, 1));
    takeOrderOutOfBag(USER, pedido(1, []) as never);
    const { key } = ensureAttempt(USER);
    markAttemptSent(USER);
    const api = mockApi({
      [`GET /api/pedido/tentativa/${key}`]: fail(404, 'Pedido não encontrado.'),
      [`GET /api/pedido/listagem/cliente/${CLIENTE}`]: lista(),
    });
    startBagSync(USER, CLIENTE, canal().listen);
    await vi.waitFor(() => expect(api.calls).toHaveLength(2));
    expect(bag()).toEqual([GEL.id]);
    expect(currentAttempt(USER)?.key).toBe(key);
  });

  it('the notice of an order made on another device takes its products out of this bag, once', async () => {
    addToCart(cartLine(GEL, 1));
    addToCart(cartLine(ESCOVA, 1));
    takeOrderOutOfBag(USER, pedido(1, []) as never);
    const c = canal();
    const api = mockApi({
      [`GET /api/pedido/listagem/cliente/${CLIENTE}`]: lista(),
      'GET /api/pedido/43': okFor(pedidoApi.detalhe, pedido(43, [GEL])),
    });
    startBagSync(USER, CLIENTE, c.listen);
    await vi.waitFor(() => expect(api.calls).toHaveLength(1));
    c.aviso(43);
    await vi.waitFor(() => expect(bag()).toEqual([ESCOVA.id]));
    // Its payment's notice later: the order is known, nothing is asked again.
    addToCart(cartLine(GEL, 1));
    c.aviso(43);
    await new Promise((r) => setTimeout(r, 20));
    expect(api.calls.filter((call) => call.url === '/api/pedido/43')).toHaveLength(1);
    expect(bag()).toEqual([ESCOVA.id, GEL.id]);
  });
});
