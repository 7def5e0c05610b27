import { MSG } from '@clinica/shared/messages';
import type { NotificacaoPagamento } from '@clinica/shared/schemas/pagamento';
import { pagamentoApi } from '@clinica/shared/schemas/pagamento';
import { pedidoApi, type PedidoCreateBody } from '@clinica/shared/schemas/pedido';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { currentAttempt } from '../../lib/checkout-attempt';
import { STORAGE_KEYS } from '../../lib/storage';
import { setupScreenTests } from '../../test/screen-tests';
import { fail, mockApi, okFor, testQueryClient, type MockHandler, type MockReply } from '../../test/test-utils';
import { CARTAO_RECUSADO, PAGAR_DE_NOVO, pedidoWire } from './checkout-test-fixtures';
import { usePaymentFlow, type PaymentFlowOptions } from './use-payment-flow';

/** The realtime channel: the test sends the notifications itself. */
const realtime = vi.hoisted(() => ({ handler: null as ((n: NotificacaoPagamento) => void) | null }));
vi.mock('../../lib/realtime', () => ({
  useOnNotificacao: (handler: (n: NotificacaoPagamento) => void) => {
    realtime.handler = handler;
  },
}));
const notify = (n: NotificacaoPagamento) => act(() => realtime.handler?.(n));

const USER = 7;
const BODY = { valorTotal: 63.3 } as unknown as PedidoCreateBody;
const TOKEN = { token: 'tok_123', paymentMethodId: 'visa' };
const PIX = {
  qrCode: 'x'.repeat(40),
  qrCodeBase64: 'AAAA',
  expiraEm: '2026-01-10T12:10:00.000Z',
  validadeSegundos: 600,
};
const APROVADO = { ...CARTAO_RECUSADO, id: 6, status: 'approved', dataPagamento: '2026-01-10T12:01:00.000Z' } as const;
const criado = (patch: Parameters<typeof pedidoWire>[0] = {}) =>
  okFor(pedidoApi.create, pedidoWire(patch), { status: 201 });
const processado = (status: 'approved' | 'rejected') =>
  okFor(
    pagamentoApi.processar,
    {
      idPedido: 41,
      idPagamento: 6,
      tipoPagamento: 'credit',
      status,
      statusDetalhe: 'accredited',
      valor: 63.3,
      parcelamento: { parcelas: 1, valorParcela: 63.3, total: 63.3 },
      pixPaymentResponse: null,
      boleto: null,
    },
    { status: 201 },
  );

/** An attempt whose creation was sent earlier and never answered (a reload, a closed tab). */
function storeSentAttempt(key: string) {
  localStorage.setItem(STORAGE_KEYS.checkoutAttempt, JSON.stringify({ userId: USER, key, sent: true }));
}

function renderFlow(handlers: Record<string, MockHandler | MockReply>, patch: Partial<PaymentFlowOptions> = {}) {
  const api = mockApi(handlers);
  const clearBag = vi.fn();
  const client = testQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  const options: PaymentFlowOptions = {
    userId: USER,
    atPaymentStep: true,
    tokenize: () => Promise.resolve(TOKEN),
    orderBody: () => BODY,
    email: () => ' Cliente@Clinica.com.br ',
    cobranca: (order) => ({
      valor: order.valorTotal,
      parcelamento: { parcelas: 1, valorParcela: order.valorTotal, total: order.valorTotal },
      bin: null,
    }),
    clearBag,
    ...patch,
  };
  const view = renderHook(() => usePaymentFlow(options), { wrapper });
  return { ...api, ...view, clearBag };
}

describe('usePaymentFlow', () => {
  setupScreenTests();

  it('the payment step starts the attempt; every creation sends its key, and the order known ends it', async () => {
    let creations = 0;
    const { result, calls } = renderFlow({
      'POST /api/pedido/create': () => (++creations === 1 ? fail(500, 'Ocorreu um erro inesperado.') : criado()),
    });
    const attempt = currentAttempt(USER);
    expect(attempt).toMatchObject({ sent: false });

    act(() => result.current.submit());
    await waitFor(() => expect(result.current.sending).toBe(false));
    expect(currentAttempt(USER)).toEqual({ ...attempt, sent: true });
    act(() => result.current.submit());
    await waitFor(() => expect(result.current.created?.status).toBe('pending'));

    const keys = calls.filter((c) => c.url === '/api/pedido/create').map((c) => c.headers['idempotency-key']);
    expect(keys).toEqual([attempt!.key, attempt!.key]);
    expect(result.current.pedido?.id).toBe(41);
    expect(currentAttempt(USER)).toBeNull();
  });

  it('one submission at a time; the page may stop it first', async () => {
    const { result, calls } = renderFlow({ 'POST /api/pedido/create': criado() });
    act(() => result.current.submit(() => false));
    expect(result.current.sending).toBe(false);
    act(() => {
      result.current.submit();
      result.current.submit();
    });
    await waitFor(() => expect(result.current.created).not.toBeNull());
    act(() => result.current.submit());
    expect(calls.filter((c) => c.url === '/api/pedido/create')).toHaveLength(1);
  });

  it('a refused card opens "Erro!" and the same order is paid again (POST /pagamento/processar, origem checkout)', async () => {
    const { result, calls, clearBag } = renderFlow({
      'POST /api/pedido/create': criado({ pagamento: CARTAO_RECUSADO }),
      'POST /api/pagamento/processar': processado('approved'),
      'GET /api/pedido/41': okFor(pedidoApi.detalhe, pedidoWire({ situacaoPedido: 'PAGO', pagamento: APROVADO })),
    });
    act(() => result.current.submit());
    // One message: the refusal says the order exists and waits for its payment.
    await waitFor(() =>
      expect(result.current.result).toEqual({
        type: 'error',
        message: `${MSG.pagamentoRecusado} Seu pedido nº 41 foi criado e aguarda o pagamento.`,
      }),
    );
    expect(result.current.pedido?.id).toBe(41);
    expect(result.current.created).toBeNull();
    act(() => result.current.closeResult());
    // The notice of the same refusal, arriving after the answer, does not open 'Erro!' again.
    notify({ id: 1, message: 'Pagamento recusado', statusPayment: 'rejected', idPedido: 41 });
    expect(result.current.result).toBeNull();

    act(() => result.current.submit());
    await waitFor(() => expect(result.current.created?.status).toBe('approved'));
    // The confirmation shows the order as it is now: paid.
    expect(result.current.created?.pedido.situacaoPedido).toBe('PAGO');
    expect(calls.filter((c) => c.url === '/api/pedido/create')).toHaveLength(1);
    expect(calls.find((c) => c.url === '/api/pagamento/processar')?.body).toEqual(PAGAR_DE_NOVO);
    await waitFor(() => expect(clearBag).toHaveBeenCalled());
  });

  it("a retried card's approval is shown once: its notice, before or after the answer, adds no 'Sucesso!'", async () => {
    const approved = { id: 1, message: MSG.pagamentoProcessado, statusPayment: 'approved', idPedido: 41 } as const;
    const { result } = renderFlow({
      'POST /api/pedido/create': criado({ pagamento: CARTAO_RECUSADO }),
      // The server tells the browser over the realtime channel before its answer arrives.
      'POST /api/pagamento/processar': () => {
        realtime.handler?.(approved);
        return processado('approved');
      },
      'GET /api/pedido/41': okFor(pedidoApi.detalhe, pedidoWire({ situacaoPedido: 'PAGO', pagamento: APROVADO })),
    });
    act(() => result.current.submit());
    await waitFor(() => expect(result.current.result?.type).toBe('error'));
    act(() => result.current.closeResult());

    act(() => result.current.submit());
    await waitFor(() => expect(result.current.created?.status).toBe('approved'));
    expect(result.current.result).toBeNull();
    notify(approved);
    expect(result.current.result).toBeNull();
  });

  it('paying again refused with 409 because an earlier attempt paid after all: the paid order is shown', async () => {
    const { result } = renderFlow({
      'POST /api/pedido/create': criado({ pagamento: CARTAO_RECUSADO }),
      'POST /api/pagamento/processar': fail(409, MSG.pedidoJaPago),
      'GET /api/pedido/41': okFor(pedidoApi.detalhe, pedidoWire({ situacaoPedido: 'PAGO', pagamento: APROVADO })),
    });
    act(() => result.current.submit());
    await waitFor(() => expect(result.current.result?.type).toBe('error'));
    act(() => result.current.submit());
    await waitFor(() => expect(result.current.created?.status).toBe('approved'));
    expect(result.current.pedido?.situacaoPedido).toBe('PAGO');
  });

  it('a creation refused for another body (422): the attempt made its order already, which is shown', async () => {
    storeSentAttempt('tentativa-1');
    const { result, calls } = renderFlow({
      // On mount the lost answer is looked for: no order yet.
      'GET /api/pedido/tentativa/tentativa-1': () =>
        calls.some((c) => c.url === '/api/pedido/create')
          ? okFor(pedidoApi.tentativa, pedidoWire())
          : fail(404, 'Pedido não encontrado.'),
      'POST /api/pedido/create': fail(422, MSG.idempotenciaOutroCorpo),
    });
    await waitFor(() => expect(result.current.resolving).toBeNull());
    act(() => result.current.submit());
    await waitFor(() => expect(result.current.created?.pedido.id).toBe(41));
    expect(calls.find((c) => c.url === '/api/pedido/create')?.headers['idempotency-key']).toBe('tentativa-1');
    expect(currentAttempt(USER)).toBeNull();
  });

  it('a creation sent without an answer: on mount its order is looked for, and a payable PIX opens', async () => {
    storeSentAttempt('tentativa-2');
    const { result, calls } = renderFlow({
      'GET /api/pedido/tentativa/tentativa-2': okFor(pedidoApi.tentativa, pedidoWire({ pix: PIX })),
    });
    expect(result.current.resolving).toBe('tentativa-2');
    await waitFor(() => expect(result.current.pixOpen).toBe(true));
    expect(result.current.metodo).toBe('pix');
    expect(result.current.pix?.qrCode).toBe(PIX.qrCode);
    expect(result.current.pedido?.id).toBe(41);
    expect(result.current.resolving).toBeNull();
    expect(currentAttempt(USER)).toBeNull();
    expect(calls.some((c) => c.url === '/api/pedido/create')).toBe(false);
  });

  it('a creation sent without an answer whose order took a card: the order is shown as made', async () => {
    storeSentAttempt('tentativa-3');
    const { result } = renderFlow({
      'GET /api/pedido/tentativa/tentativa-3': okFor(pedidoApi.tentativa, pedidoWire({ pagamento: APROVADO })),
    });
    await waitFor(() => expect(result.current.created?.status).toBe('approved'));
    expect(result.current.pixOpen).toBe(false);
  });

  it('the notice of a new order while the creation went unanswered looks the attempt up again', async () => {
    storeSentAttempt('tentativa-4');
    let lookups = 0;
    const { result } = renderFlow({
      'GET /api/pedido/tentativa/tentativa-4': () =>
        ++lookups === 1 ? fail(404, 'Pedido não encontrado.') : okFor(pedidoApi.tentativa, pedidoWire()),
    });
    await waitFor(() => expect(result.current.resolving).toBeNull());
    expect(result.current.pedido).toBeNull();
    notify({ id: 1, message: 'Pedido #41 recebido', statusPayment: 'pending', idPedido: 41 });
    await waitFor(() => expect(result.current.pedido?.id).toBe(41));
    expect(lookups).toBe(2);
  });

  it("the order's payment notification: approved → 'Sucesso!' and the bag emptied; a refusal → 'Erro!'", async () => {
    const { result, clearBag } = renderFlow(
      { 'POST /api/pedido/create': criado({ pix: PIX }) },
      { tokenize: () => Promise.reject(new Error('no card for PIX')) },
    );
    act(() => result.current.changeMetodo('pix'));
    act(() => result.current.submit());
    await waitFor(() => expect(result.current.pixOpen).toBe(true));

    // Another order's notice, and a status still on its way, say nothing.
    notify({ id: 1, message: 'Pagamento aprovado', statusPayment: 'approved', idPedido: 999 });
    notify({ id: 1, message: 'Em análise', statusPayment: 'in_process', idPedido: 41 });
    expect(result.current.result).toBeNull();
    notify({ id: 1, message: 'Pagamento recusado', statusPayment: 'rejected', idPedido: 41 });
    expect(result.current.result).toEqual({ type: 'error', message: 'Pagamento recusado' });
    act(() => result.current.closeResult());

    notify({ id: 1, message: '', statusPayment: 'approved', idPedido: 41 });
    expect(result.current.result).toEqual({ type: 'success', message: MSG.pagamentoProcessado });
    expect(result.current.pixOpen).toBe(false);
    expect(result.current.pix).toBeNull();
    expect(clearBag).toHaveBeenCalled();
  });
});
